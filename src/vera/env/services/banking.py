"""Banking: the user's accounts at one bank, kept server-side like online banking.

Transfers check the IBAN (ISO 13616: :func:`vera.env.parse.iban`), the amount and the balance
(down to the account's arranged overdraft or credit line, where one is set); a transfer to one
of the user's own accounts is booked on both. Amounts are in the account's currency, rounded to
cents; a debit is negative in the transaction list.

What the bank holds for the user, every kind of it in the snapshot: accounts (with their
overdraft or credit line), transactions, scheduled payments and standing orders (amount,
recipient, schedule, end date), saved payees, payment cards (status, daily limit, online and
abroad payments, where a card is sent) and the customer profile (postal address, e-mail and
the mobile number TANs and alerts go to).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

import vera.env.parse as parse
from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool


def normalize_iban(iban: str) -> str:
    """An IBAN as the bank stores it: compact, upper case (:func:`vera.env.parse.compact`)."""
    return parse.compact(iban)


def iban_valid(iban: str) -> bool:
    """ISO 13616: the format and the mod 97-10 checksum (:func:`vera.env.parse.iban`)."""
    return bool(parse.iban(iban))


def make_iban(country: str, bban: str) -> str:
    """A valid IBAN for a country code and account number (for writing case data)."""
    return parse.make_iban(country, bban)


class Account(BaseModel):
    id: str
    name: str
    iban: str
    currency: str = "EUR"
    balance: float
    type: Literal["checking", "savings", "credit"] = "checking"
    overdraft_limit: float | None = None
    """How far below zero the balance may go (an arranged overdraft, a credit line's limit).
    None: none arranged: a checking or savings account cannot go below zero, a credit account
    has no limit the bank enforces here."""


class Transaction(BaseModel):
    id: str
    account_id: str
    date: datetime
    amount: float
    """Positive for money in, negative for money out."""
    counterparty_name: str
    counterparty_iban: str | None = None
    reference: str = ""
    status: Literal["booked", "pending"] = "booked"
    kind: Literal["transfer", "card", "direct_debit", "scheduled", "fee", "interest"] = "transfer"


class ScheduledPayment(BaseModel):
    id: str
    account_id: str
    recipient_name: str
    recipient_iban: str
    amount: float
    reference: str = ""
    next_date: date
    recurrence: Literal["once", "weekly", "monthly", "yearly"] = "once"
    active: bool = True
    end_date: date | None = None
    """The last day the order may execute (a standing order that ends); None: until cancelled."""


class Payee(BaseModel):
    id: str
    name: str
    iban: str


class Card(BaseModel):
    """A payment card on one of the accounts."""

    id: str
    account_id: str
    holder: str
    kind: Literal["debit", "credit"] = "debit"
    number: str
    """The card number as the bank shows it: masked but for the last four digits."""
    expires: str = ""
    """``MM/YY``."""
    status: Literal["active", "blocked", "ordered"] = "active"
    """``blocked``: no payment goes through (reported lost or stolen, or blocked by the user);
    ``ordered``: a replacement on its way to ``delivery_address``."""
    daily_limit: float = 1000.0
    online_payments: bool = True
    payments_abroad: bool = False
    """Payments outside Europe (geo-blocking lifted)."""
    delivery_address: str = ""
    """Where the card is sent (a replacement): the profile's address unless another was given."""
    replaces: str | None = None


class Profile(BaseModel):
    """The customer's contact data at the bank: where letters and cards go, and the channels
    the bank uses for alerts, TANs and resetting the online-banking login."""

    address: str = ""
    email: str = ""
    phone: str = ""
    """The mobile number TANs, alerts and login resets go to."""


class BankingState(ServiceState):
    holder: str = ""
    accounts: list[Account] = Field(default_factory=list)
    transactions: list[Transaction] = Field(default_factory=list)
    scheduled_payments: list[ScheduledPayment] = Field(default_factory=list)
    payees: list[Payee] = Field(default_factory=list)
    cards: list[Card] = Field(default_factory=list)
    profile: Profile = Field(default_factory=Profile)
    next_id: int = 1


def _money(amount: float) -> float:
    return round(float(amount), 2)


def _masked(number: str) -> str:
    """A card number as a bank shows it: ``**** **** **** 1234``."""
    digits = parse.digits(number)
    return f"**** **** **** {digits[-4:]}" if len(digits) >= 4 else "****"


class Banking(Service):
    name = "banking"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_transaction": ("counterparty_name", "reference"),
    }
    description = (
        "Online banking: accounts, balances, transactions, transfers, scheduled payments, payees, "
        "cards and the customer's contact data."
    )
    State = BankingState
    state: BankingState

    # -- setup API -------------------------------------------------------------------------------

    def configure(
        self, holder: str, *, address: str = "", email: str = "", phone: str = ""
    ) -> None:
        """The account holder's name (shown as the sender of internal transfers) and contact
        data at the bank (the profile)."""
        self.state.holder = holder
        self.state.profile = Profile(address=address, email=email, phone=phone)

    def add_account(
        self,
        name: str,
        iban: str,
        balance: float,
        *,
        currency: str = "EUR",
        type: Literal["checking", "savings", "credit"] = "checking",
        account_id: str | None = None,
        overdraft_limit: float | None = None,
    ) -> str:
        iban = normalize_iban(iban)
        if not iban_valid(iban):
            raise ValueError(f"invalid IBAN {iban}")
        acc = Account(
            id=account_id or self._new_id("acc"),
            name=name,
            iban=iban,
            currency=currency,
            balance=_money(balance),
            type=type,
            overdraft_limit=None if overdraft_limit is None else _money(overdraft_limit),
        )
        self.state.accounts.append(acc)
        return acc.id

    def add_transaction(
        self,
        account: str,
        amount: float,
        counterparty_name: str,
        *,
        counterparty_iban: str | None = None,
        reference: str = "",
        date: datetime | str | None = None,
        kind: Literal[
            "transfer", "card", "direct_debit", "scheduled", "fee", "interest"
        ] = "transfer",
        adjust_balance: bool = False,
        transaction_id: str | None = None,
    ) -> str:
        """Record a past transaction (s0). The balance is left alone unless ``adjust_balance``.
        ``transaction_id`` pins the id (a world grown later keeps its other ids)."""
        acc = self._account(account)
        tx = Transaction(
            id=self._pinned(transaction_id, "tx"),
            account_id=acc.id,
            date=as_datetime(date, self.now()),
            amount=_money(amount),
            counterparty_name=counterparty_name,
            counterparty_iban=normalize_iban(counterparty_iban) if counterparty_iban else None,
            reference=reference,
            kind=kind,
        )
        self.state.transactions.append(tx)
        if adjust_balance:
            acc.balance = _money(acc.balance + tx.amount)
        return tx.id

    def add_scheduled(
        self,
        account: str,
        recipient_name: str,
        recipient_iban: str,
        amount: float,
        next_date: date | str,
        *,
        reference: str = "",
        recurrence: Literal["once", "weekly", "monthly", "yearly"] = "monthly",
        end_date: date | str | None = None,
        payment_id: str | None = None,
    ) -> str:
        """A scheduled payment or standing order of s0 (``payment_id`` pins its id)."""
        iban, amount = self._check_payment(recipient_iban, amount)
        p = ScheduledPayment(
            id=self._pinned(payment_id, "sp"),
            account_id=self._account(account).id,
            recipient_name=recipient_name,
            recipient_iban=iban,
            amount=amount,
            reference=reference,
            next_date=date.fromisoformat(next_date) if isinstance(next_date, str) else next_date,
            recurrence=recurrence,
            end_date=date.fromisoformat(end_date) if isinstance(end_date, str) else end_date,
        )
        self.state.scheduled_payments.append(p)
        return p.id

    def add_card(
        self,
        account: str,
        holder: str,
        number: str,
        *,
        card_id: str,
        kind: Literal["debit", "credit"] = "debit",
        expires: str = "",
        status: Literal["active", "blocked", "ordered"] = "active",
        daily_limit: float = 1000.0,
        online_payments: bool = True,
        payments_abroad: bool = False,
    ) -> str:
        """A payment card of s0 on ``account``; ``number`` is kept masked but for its last four
        digits, as a bank shows it."""
        self.state.cards.append(
            Card(
                id=card_id,
                account_id=self._account(account).id,
                holder=holder,
                kind=kind,
                number=_masked(number),
                expires=expires,
                status=status,
                daily_limit=_money(daily_limit),
                online_payments=online_payments,
                payments_abroad=payments_abroad,
                delivery_address=self.state.profile.address,
            )
        )
        return card_id

    def outgoing(self) -> list[Transaction]:
        """Every debit, for verifiers."""
        return [t for t in self.state.transactions if t.amount < 0]

    # -- helpers ---------------------------------------------------------------------------------

    def _new_id(self, prefix: str) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"{prefix}_{i}"

    def _pinned(self, given: str | None, prefix: str) -> str:
        """``given`` when a setup step pins an id (it takes no number from the counter), else
        the next id."""
        if given is None:
            return self._new_id(prefix)
        taken = {
            x.id
            for x in (*self.state.transactions, *self.state.scheduled_payments, *self.state.payees)
        }
        if given in taken:
            raise ValueError(f"id {given!r} is taken")
        return given

    def _account(self, ref: str) -> Account:
        key = normalize_iban(ref)
        for a in self.state.accounts:
            if a.id == ref or a.iban == key:
                return a
        raise ToolError(f"no account {ref!r} (use list_accounts)")

    def _check_payment(self, iban: str, amount: float) -> tuple[str, float]:
        iban = normalize_iban(iban)
        if not iban_valid(iban):
            raise ToolError(f"invalid IBAN {iban!r}: checksum or format is wrong")
        if not amount > 0:
            raise ToolError("amount must be greater than zero")
        return iban, _money(amount)

    @staticmethod
    def _available(acc: Account) -> float | None:
        """What may leave ``acc`` now (balance plus arranged overdraft); None: no limit."""
        if acc.overdraft_limit is None:
            return None if acc.type == "credit" else acc.balance
        return acc.balance + acc.overdraft_limit

    def _card(self, card_id: str) -> Card:
        for c in self.state.cards:
            if c.id == card_id:
                return c
        raise ToolError(f"no card {card_id!r} (use list_cards)")

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_accounts(self) -> list[Account]:
        """List the user's accounts with IBAN, currency and current balance."""
        return list(self.state.accounts)

    @tool(readonly=True)
    def get_balance(self, account_id: str) -> dict[str, Any]:
        """Current balance of one account.

        Args:
            account_id: Account id or IBAN.
        """
        a = self._account(account_id)
        return {"account_id": a.id, "iban": a.iban, "balance": a.balance, "currency": a.currency}

    @tool(readonly=True, authored=("counterparty_name", "reference"))
    def list_transactions(
        self, account_id: str, limit: int = 20, since: date | None = None
    ) -> list[Transaction]:
        """Recent transactions of an account, newest first.

        Args:
            account_id: Account id or IBAN.
            limit: Most transactions to return.
            since: Only transactions on or after this date (YYYY-MM-DD).
        """
        a = self._account(account_id)
        txs = [
            t
            for t in self.state.transactions
            if t.account_id == a.id and (since is None or t.date.date() >= since)
        ]
        txs.sort(key=lambda t: t.date, reverse=True)
        return txs[: max(limit, 0)]

    @tool(readonly=True, authored=("counterparty_name", "reference"))
    def get_transaction(self, transaction_id: str) -> Transaction:
        """Details of one transaction.

        Args:
            transaction_id: Transaction id.
        """
        for t in self.state.transactions:
            if t.id == transaction_id:
                return t
        raise ToolError(f"no transaction {transaction_id!r}")

    @tool
    def send_money(
        self,
        from_account_id: str,
        recipient_iban: str,
        recipient_name: str,
        amount: float,
        reference: str = "",
    ) -> dict[str, Any]:
        """Transfer money now from one of the user's accounts to an IBAN.

        Args:
            from_account_id: Account id or IBAN to pay from.
            recipient_iban: Recipient's IBAN.
            recipient_name: Recipient's name as on their account.
            amount: Amount in the account's currency.
            reference: Payment reference shown to the recipient.
        """
        src = self._account(from_account_id)
        iban, amount = self._check_payment(recipient_iban, amount)
        if iban == src.iban:
            raise ToolError("cannot transfer to the same account")
        available = self._available(src)
        if available is not None and amount > available + 0.005:
            raise ToolError(
                f"insufficient funds: balance {src.balance:.2f} {src.currency}"
                + (f" (overdraft {src.overdraft_limit:.2f})" if src.overdraft_limit else "")
                + f", requested {amount:.2f}"
            )
        now = self.now()
        tx = Transaction(
            id=self._new_id("tx"),
            account_id=src.id,
            date=now,
            amount=-amount,
            counterparty_name=recipient_name,
            counterparty_iban=iban,
            reference=reference,
        )
        self.state.transactions.append(tx)
        src.balance = _money(src.balance - amount)
        own = next((a for a in self.state.accounts if a.iban == iban), None)
        if own is not None:
            self.state.transactions.append(
                Transaction(
                    id=self._new_id("tx"),
                    account_id=own.id,
                    date=now,
                    amount=amount,
                    counterparty_name=self.state.holder or self.user_name,
                    counterparty_iban=src.iban,
                    reference=reference,
                )
            )
            own.balance = _money(own.balance + amount)
        return {
            "transaction_id": tx.id,
            "status": "booked",
            "new_balance": src.balance,
            "currency": src.currency,
        }

    @tool(readonly=True)
    def list_scheduled_payments(self) -> list[ScheduledPayment]:
        """Standing orders and future-dated payments of all accounts."""
        return [p for p in self.state.scheduled_payments if p.active]

    @tool
    def schedule_payment(
        self,
        from_account_id: str,
        recipient_name: str,
        recipient_iban: str,
        amount: float,
        first_date: date,
        recurrence: Literal["once", "weekly", "monthly", "yearly"] = "once",
        reference: str = "",
        end_date: date | None = None,
    ) -> dict[str, Any]:
        """Schedule a future payment or a standing order.

        Args:
            from_account_id: Account id or IBAN to pay from.
            recipient_name: Recipient's name.
            recipient_iban: Recipient's IBAN.
            amount: Amount per payment.
            first_date: Date of the (first) payment, YYYY-MM-DD; not in the past.
            recurrence: once, weekly, monthly or yearly.
            reference: Payment reference.
            end_date: Last day a standing order may execute, YYYY-MM-DD (none: until cancelled).
        """
        src = self._account(from_account_id)
        iban, amount = self._check_payment(recipient_iban, amount)
        if first_date < self.now().date():
            raise ToolError(f"first_date {first_date} is in the past")
        if end_date is not None and end_date < first_date:
            raise ToolError(f"end_date {end_date} is before first_date {first_date}")
        p = ScheduledPayment(
            id=self._new_id("sp"),
            account_id=src.id,
            recipient_name=recipient_name,
            recipient_iban=iban,
            amount=amount,
            reference=reference,
            next_date=first_date,
            recurrence=recurrence,
            end_date=end_date,
        )
        self.state.scheduled_payments.append(p)
        return {"id": p.id, "status": "scheduled", "next_date": p.next_date}

    @tool
    def update_scheduled_payment(
        self,
        payment_id: str,
        amount: float | None = None,
        recipient_iban: str | None = None,
        recipient_name: str | None = None,
        next_date: date | None = None,
        recurrence: Literal["once", "weekly", "monthly", "yearly"] | None = None,
        end_date: date | None = None,
        reference: str | None = None,
    ) -> ScheduledPayment:
        """Change a scheduled payment; only the given fields change.

        Args:
            payment_id: Id of the scheduled payment.
            amount: New amount.
            recipient_iban: New recipient IBAN.
            recipient_name: New recipient name.
            next_date: New date of the next payment.
            recurrence: New recurrence.
            end_date: New last day of a standing order, YYYY-MM-DD.
            reference: New payment reference.
        """
        p = self._scheduled(payment_id)
        if recipient_iban is not None:
            p.recipient_iban, _ = self._check_payment(recipient_iban, 1)
        if amount is not None:
            _, p.amount = self._check_payment(p.recipient_iban, amount)
        if recipient_name is not None:
            p.recipient_name = recipient_name
        if next_date is not None:
            p.next_date = next_date
        if recurrence is not None:
            p.recurrence = recurrence
        if end_date is not None:
            p.end_date = end_date
        if reference is not None:
            p.reference = reference
        return p

    @tool
    def cancel_scheduled_payment(self, payment_id: str) -> dict[str, Any]:
        """Cancel a scheduled payment or standing order.

        Args:
            payment_id: Id of the scheduled payment.
        """
        p = self._scheduled(payment_id)
        p.active = False
        return {"id": p.id, "status": "cancelled"}

    def _scheduled(self, payment_id: str) -> ScheduledPayment:
        for p in self.state.scheduled_payments:
            if p.id == payment_id and p.active:
                return p
        raise ToolError(f"no scheduled payment {payment_id!r}")

    @tool(readonly=True)
    def list_payees(self) -> list[Payee]:
        """Saved recipients (name and IBAN)."""
        return list(self.state.payees)

    @tool
    def add_payee(self, name: str, iban: str) -> Payee:
        """Save a recipient for later transfers.

        Args:
            name: Recipient's name.
            iban: Recipient's IBAN.
        """
        iban, _ = self._check_payment(iban, 1)
        if any(p.iban == iban for p in self.state.payees):
            raise ToolError(f"a payee with IBAN {iban} already exists")
        payee = Payee(id=self._new_id("payee"), name=name, iban=iban)
        self.state.payees.append(payee)
        return payee

    # -- credit ---------------------------------------------------------------------------------

    @tool
    def set_overdraft_limit(self, account_id: str, limit: float) -> dict[str, Any]:
        """Arrange or change an account's overdraft (a checking account) or credit line (a
        credit account): how far below zero its balance may go. The bank grants it at once.

        Args:
            account_id: Account id or IBAN.
            limit: The new limit (0 for none).
        """
        acc = self._account(account_id)
        if limit < 0:
            raise ToolError("limit must not be negative")
        acc.overdraft_limit = _money(limit)
        return {"account_id": acc.id, "overdraft_limit": acc.overdraft_limit}

    # -- cards ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_cards(self) -> list[Card]:
        """The user's payment cards: status, daily limit, online and abroad payments."""
        return list(self.state.cards)

    @tool
    def block_card(self, card_id: str) -> dict[str, Any]:
        """Block a card (lost, stolen, or not to be used): no payment goes through.

        Args:
            card_id: Id of the card.
        """
        card = self._card(card_id)
        card.status = "blocked"
        return {"id": card.id, "status": card.status}

    @tool
    def unblock_card(self, card_id: str) -> dict[str, Any]:
        """Lift the block of a card so it can pay again.

        Args:
            card_id: Id of the card.
        """
        card = self._card(card_id)
        if card.status == "ordered":
            raise ToolError(f"card {card_id} has not been delivered yet")
        card.status = "active"
        return {"id": card.id, "status": card.status}

    @tool
    def update_card_settings(
        self,
        card_id: str,
        daily_limit: float | None = None,
        online_payments: bool | None = None,
        payments_abroad: bool | None = None,
    ) -> Card:
        """Change a card's daily limit or where it may pay; only the given settings change.

        Args:
            card_id: Id of the card.
            daily_limit: New daily spending limit.
            online_payments: Allow payments on the internet.
            payments_abroad: Allow payments outside Europe.
        """
        card = self._card(card_id)
        if daily_limit is not None:
            if not daily_limit >= 0:
                raise ToolError("daily_limit must not be negative")
            card.daily_limit = _money(daily_limit)
        if online_payments is not None:
            card.online_payments = bool(online_payments)
        if payments_abroad is not None:
            card.payments_abroad = bool(payments_abroad)
        return card

    @tool
    def order_replacement_card(self, card_id: str, delivery_address: str | None = None) -> Card:
        """Order a replacement for a card (lost, damaged, expiring): the old card is blocked
        and a new one is sent, to the address in the profile unless another is given.

        Args:
            card_id: Id of the card to replace.
            delivery_address: Where to send the new card (default: the profile's address).
        """
        old = self._card(card_id)
        address = " ".join((delivery_address or self.state.profile.address).split())
        if not address:
            raise ToolError("no delivery address: give one or set it in the profile")
        old.status = "blocked"
        new = old.model_copy(
            update={
                "id": self._new_id("card"),
                "number": _masked(f"{self.state.next_id:04d}"),
                "status": "ordered",
                "delivery_address": address,
                "replaces": old.id,
            }
        )
        self.state.cards.append(new)
        return new

    # -- profile --------------------------------------------------------------------------------

    @tool(readonly=True)
    def get_profile(self) -> dict[str, Any]:
        """The customer's contact data at the bank: postal address, e-mail, and the mobile
        number TANs, alerts and login resets go to."""
        return {"holder": self.state.holder, **self.state.profile.model_dump()}

    @tool
    def update_profile(
        self, address: str | None = None, email: str | None = None, phone: str | None = None
    ) -> Profile:
        """Change the customer's contact data at the bank; only the given fields change.

        Args:
            address: New postal address (letters and cards go there).
            email: New e-mail address for the bank's messages.
            phone: New mobile number for TANs, alerts and login resets.
        """
        p = self.state.profile
        if address is not None:
            p.address = " ".join(address.split())
        if email is not None:
            p.email = email.strip()
        if phone is not None:
            p.phone = phone.strip()
        return p
