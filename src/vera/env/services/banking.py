"""Banking: the user's accounts at one bank, kept server-side like online banking.

Transfers check the IBAN (ISO 13616: :func:`vera.env.parse.iban`), the amount and the balance; a transfer to one of
the user's own accounts is booked on both. Amounts are in the account's currency, rounded to
cents; a debit is negative in the transaction list.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

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


class Payee(BaseModel):
    id: str
    name: str
    iban: str


class BankingState(ServiceState):
    holder: str = ""
    accounts: list[Account] = Field(default_factory=list)
    transactions: list[Transaction] = Field(default_factory=list)
    scheduled_payments: list[ScheduledPayment] = Field(default_factory=list)
    payees: list[Payee] = Field(default_factory=list)
    next_id: int = 1


def _money(amount: float) -> float:
    return round(float(amount), 2)


class Banking(Service):
    name = "banking"
    description = (
        "Online banking: accounts, balances, transactions, transfers, scheduled payments, payees."
    )
    State = BankingState
    state: BankingState

    # -- setup API -------------------------------------------------------------------------------

    def configure(self, holder: str) -> None:
        """The account holder's name (shown as the sender of internal transfers)."""
        self.state.holder = holder

    def add_account(
        self,
        name: str,
        iban: str,
        balance: float,
        *,
        currency: str = "EUR",
        type: Literal["checking", "savings", "credit"] = "checking",
        account_id: str | None = None,
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
    ) -> str:
        """Record a past transaction (s0). The balance is left alone unless ``adjust_balance``."""
        acc = self._account(account)
        tx = Transaction(
            id=self._new_id("tx"),
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
    ) -> str:
        res = self.schedule_payment(
            self._account(account).id,
            recipient_name,
            recipient_iban,
            amount,
            date.fromisoformat(next_date) if isinstance(next_date, str) else next_date,
            recurrence,
            reference,
        )
        return res["id"]

    def outgoing(self) -> list[Transaction]:
        """Every debit, for verifiers."""
        return [t for t in self.state.transactions if t.amount < 0]

    # -- helpers ---------------------------------------------------------------------------------

    def _new_id(self, prefix: str) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"{prefix}_{i}"

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

    @tool(readonly=True)
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

    @tool(readonly=True)
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
        if src.type != "credit" and amount > src.balance:
            raise ToolError(
                f"insufficient funds: balance {src.balance:.2f} {src.currency}, requested {amount:.2f}"
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
        """
        src = self._account(from_account_id)
        iban, amount = self._check_payment(recipient_iban, amount)
        if first_date < self.now().date():
            raise ToolError(f"first_date {first_date} is in the past")
        p = ScheduledPayment(
            id=self._new_id("sp"),
            account_id=src.id,
            recipient_name=recipient_name,
            recipient_iban=iban,
            amount=amount,
            reference=reference,
            next_date=first_date,
            recurrence=recurrence,
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
    ) -> ScheduledPayment:
        """Change a scheduled payment; only the given fields change.

        Args:
            payment_id: Id of the scheduled payment.
            amount: New amount.
            recipient_iban: New recipient IBAN.
            recipient_name: New recipient name.
            next_date: New date of the next payment.
            recurrence: New recurrence.
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
