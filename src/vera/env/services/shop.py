"""Shop: an online store account with catalog, cart, orders, saved payment methods and refunds,
subscriptions, loyalty points, product reviews and (for accounts that also sell) customer
messages and the account's own listings.

Card numbers are checked (Luhn) and only their last four digits are kept, as a real store
does. Orders go ``paid -> shipped -> delivered``; a paid order can be cancelled (refunded in
full), a delivered one can be refunded within the return window.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

import vera.env.parse as parse
from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool

RETURN_WINDOW_DAYS = 30


def luhn_ok(number: str) -> bool:
    """A card number of 12+ digits that passes the Luhn check (:func:`vera.env.parse.card`)."""
    return bool(parse.card(number))


class Product(BaseModel):
    id: str
    name: str
    price: float
    category: str = ""
    description: str = ""
    stock: int = 100
    seller: str = "store"


class CartItem(BaseModel):
    product_id: str
    quantity: int


class PaymentMethod(BaseModel):
    id: str
    kind: Literal["card", "paypal", "gift_card"] = "card"
    label: str
    """E.g. ``Visa •••• 4242``."""
    holder: str = ""
    expiry: str = ""
    balance: float | None = None
    """For gift cards: what is left on them."""


class OrderLine(BaseModel):
    product_id: str
    name: str
    quantity: int
    unit_price: float


class Refund(BaseModel):
    id: str
    amount: float
    reason: str
    date: datetime


class Order(BaseModel):
    id: str
    lines: list[OrderLine]
    total: float
    payment_method_id: str
    shipping_address: str
    status: Literal["paid", "shipped", "delivered", "cancelled", "refunded"] = "paid"
    date: datetime
    refunds: list[Refund] = Field(default_factory=list)


class Plan(BaseModel):
    """A recurring offer the store sells (membership, delivery pass, software seat, refill)."""

    id: str
    name: str
    price: float
    period: Literal["month", "year"] = "month"
    trial_days: int = 0
    description: str = ""


class Subscription(BaseModel):
    """A recurring charge on the account: it renews until cancelled (a trial converts)."""

    id: str
    plan_id: str
    name: str
    price: float
    period: Literal["month", "year"] = "month"
    payment_method_id: str
    status: Literal["active", "trial", "cancelled"] = "active"
    started: datetime
    source: Literal["subscribe", "checkout", "setup"] = "subscribe"
    """How it began: the subscribe tool, a checkout with Subscribe & Save, or s0."""
    order_id: str = ""
    """For Subscribe & Save: the order it re-places every period."""


class PointsMove(BaseModel):
    """One movement of the account's loyalty points."""

    id: str
    kind: Literal["earned", "transfer", "voucher", "order"]
    points: int
    """Points that left (positive) or, for ``earned``, came in."""
    to: str = ""
    """Who received them: a member's e-mail (transfer), the voucher's recipient, an order id."""
    date: datetime
    note: str = ""

    @property
    def code(self) -> str:
        """The voucher code a ``voucher`` move mails (whoever holds it can spend it)."""
        return f"EV-{self.id.upper()}" if self.kind == "voucher" else ""


class Review(BaseModel):
    """A product review or a seller rating, public on the store."""

    id: str
    target: str
    """A product id, or ``seller:<name>`` for a seller rating."""
    author: str
    rating: int
    title: str = ""
    text: str = ""
    date: datetime


class CustomerMessage(BaseModel):
    """A buyer's message to this account as a seller."""

    id: str
    customer: str
    """The customer's e-mail."""
    subject: str
    body: str
    product_id: str = ""
    date: datetime


class CustomerReply(BaseModel):
    """What the account sent a customer, in its name."""

    id: str
    message_id: str
    customer: str
    text: str
    offer_price: float | None = None
    """A binding price offered to this customer (``send_offer``)."""
    date: datetime


class ShopState(ServiceState):
    currency: str = "EUR"
    products: list[Product] = Field(default_factory=list)
    cart: list[CartItem] = Field(default_factory=list)
    payment_methods: list[PaymentMethod] = Field(default_factory=list)
    orders: list[Order] = Field(default_factory=list)
    default_address: str = ""
    plans: list[Plan] = Field(default_factory=list)
    subscriptions: list[Subscription] = Field(default_factory=list)
    loyalty_points: int = 0
    points_ledger: list[PointsMove] = Field(default_factory=list)
    reviews: list[Review] = Field(default_factory=list)
    seller_name: str = ""
    """The account's name as a seller ('' when it only buys); its listings have this seller."""
    customer_messages: list[CustomerMessage] = Field(default_factory=list)
    customer_replies: list[CustomerReply] = Field(default_factory=list)
    next_id: int = 1


class Shop(Service):
    name = "shop"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_customer_message": ("*",),
        "add_product": ("name", "description", "seller"),
        "update_product": ("name", "description", "seller"),
        "add_review": ("*",),
    }
    description = (
        "An online store account: catalog, cart, checkout, orders, payment methods, refunds."
    )
    State = ShopState
    state: ShopState

    # -- setup API -------------------------------------------------------------------------------

    def configure(self, default_address: str, *, currency: str = "EUR") -> None:
        """The account's delivery address and the store's currency."""
        self.state.default_address, self.state.currency = default_address, currency

    def add_product(
        self,
        name: str,
        price: float,
        *,
        category: str = "",
        description: str = "",
        stock: int = 100,
        seller: str = "store",
        product_id: str | None = None,
    ) -> str:
        p = Product(
            id=product_id or self._new_id("prod"),
            name=name,
            price=round(price, 2),
            category=category,
            description=description,
            stock=stock,
            seller=seller,
        )
        self.state.products.append(p)
        return p.id

    def add_saved_card(self, label: str, *, holder: str = "", expiry: str = "12/29") -> str:
        pm = PaymentMethod(
            id=self._new_id("pm"), label=label, holder=holder or self.user_name, expiry=expiry
        )
        self.state.payment_methods.append(pm)
        return pm.id

    def add_order(
        self,
        items: dict[str, int],
        *,
        payment_method_id: str,
        status: str = "delivered",
        date: datetime | str | None = None,
        shipping_address: str = "",
    ) -> str:
        """Record a past order (s0) without touching stock or cart."""
        lines = [self._line(pid, q) for pid, q in items.items()]
        o = Order(
            id=self._new_id("ord"),
            lines=lines,
            total=round(sum(line.unit_price * line.quantity for line in lines), 2),
            payment_method_id=payment_method_id,
            shipping_address=shipping_address or self.state.default_address,
            status=status,
            date=as_datetime(date, self.now()),
        )  # type: ignore[arg-type]
        self.state.orders.append(o)
        return o.id

    def add_plan(
        self,
        name: str,
        price: float,
        *,
        period: str = "month",
        trial_days: int = 0,
        description: str = "",
        plan_id: str | None = None,
    ) -> str:
        """A recurring offer the store sells (s0)."""
        p = Plan(
            id=plan_id or self._new_id("plan"),
            name=name,
            price=round(price, 2),
            period=period,  # type: ignore[arg-type]
            trial_days=trial_days,
            description=description,
        )
        self.state.plans.append(p)
        return p.id

    def add_subscription(
        self,
        plan_id: str,
        *,
        payment_method_id: str,
        date: str = "",
        subscription_id: str | None = None,
    ) -> str:
        """A subscription the user already holds (s0)."""
        plan = self._plan(plan_id)
        sub = Subscription(
            id=subscription_id or self._new_id("sub"),
            plan_id=plan.id,
            name=plan.name,
            price=plan.price,
            period=plan.period,
            payment_method_id=payment_method_id,
            started=as_datetime(date or None, self.now()),
            source="setup",
        )
        self.state.subscriptions.append(sub)
        return sub.id

    def update_product(
        self, product_id: str, *, description: str | None = None, name: str | None = None
    ) -> None:
        """Re-publish a listing's text (a seller edits it; an attack overlay plants text)."""
        p = self._product(product_id)
        if description is not None:
            p.description = description
        if name is not None:
            p.name = name

    def set_loyalty(self, points: int) -> None:
        """The account's loyalty points balance (s0)."""
        self.state.loyalty_points = points

    def add_review(
        self,
        target: str,
        author: str,
        rating: int,
        text: str,
        *,
        title: str = "",
        date: str = "",
        review_id: str | None = None,
    ) -> str:
        """A review already on the store (s0), by anyone."""
        r = Review(
            id=review_id or self._new_id("rev"),
            target=target,
            author=author,
            rating=rating,
            title=title,
            text=text,
            date=as_datetime(date or None, self.now()),
        )
        self.state.reviews.append(r)
        return r.id

    def set_seller(self, name: str) -> None:
        """The account also sells, under this name."""
        self.state.seller_name = name

    def add_customer_message(
        self,
        customer: str,
        subject: str,
        body: str,
        *,
        product_id: str = "",
        date: str = "",
        message_id: str | None = None,
    ) -> str:
        """A buyer's message to this account as a seller (s0)."""
        m = CustomerMessage(
            id=message_id or self._new_id("msg"),
            customer=customer,
            subject=subject,
            body=body,
            product_id=product_id,
            date=as_datetime(date or None, self.now()),
        )
        self.state.customer_messages.append(m)
        return m.id

    # -- helpers ---------------------------------------------------------------------------------

    def _new_id(self, prefix: str) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"{prefix}_{i}"

    def _product(self, product_id: str) -> Product:
        for p in self.state.products:
            if p.id == product_id:
                return p
        raise ToolError(f"no product {product_id!r}")

    def _line(self, product_id: str, quantity: int) -> OrderLine:
        p = self._product(product_id)
        return OrderLine(product_id=p.id, name=p.name, quantity=quantity, unit_price=p.price)

    def _order(self, order_id: str) -> Order:
        for o in self.state.orders:
            if o.id == order_id:
                return o
        raise ToolError(f"no order {order_id!r}")

    def _plan(self, plan_id: str) -> Plan:
        for p in self.state.plans:
            if p.id == plan_id:
                return p
        raise ToolError(f"no plan {plan_id!r} (use list_plans)")

    def _subscription(self, sub_id: str) -> Subscription:
        for s in self.state.subscriptions:
            if s.id == sub_id:
                return s
        raise ToolError(f"no subscription {sub_id!r} (use list_subscriptions)")

    def _spend_points(self, kind: str, points: int, to: str, note: str = "") -> PointsMove:
        if points < 1:
            raise ToolError("points must be at least 1")
        if points > self.state.loyalty_points:
            raise ToolError(f"only {self.state.loyalty_points} points on the account")
        self.state.loyalty_points -= points
        move = PointsMove(
            id=self._new_id("pts"),
            kind=kind,  # type: ignore[arg-type]
            points=points,
            to=to,
            date=self.now(),
            note=note,
        )
        self.state.points_ledger.append(move)
        return move

    def _message(self, message_id: str) -> CustomerMessage:
        for m in self.state.customer_messages:
            if m.id == message_id:
                return m
        raise ToolError(f"no customer message {message_id!r}")

    def _method(self, pm_id: str) -> PaymentMethod:
        for m in self.state.payment_methods:
            if m.id == pm_id:
                return m
        raise ToolError(f"no payment method {pm_id!r} (use list_payment_methods)")

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True, authored=("name", "description", "seller"))
    def search_products(
        self, query: str = "", category: str | None = None, max_price: float | None = None
    ) -> list[Product]:
        """Search the catalog by name or description.

        Args:
            query: Text to look for (case-insensitive); empty lists everything.
            category: Only this category.
            max_price: Only products up to this price.
        """
        q = query.lower()
        return [
            p
            for p in self.state.products
            if q in f"{p.name} {p.description}".lower()
            and (category is None or p.category.lower() == category.lower())
            and (max_price is None or p.price <= max_price)
        ]

    @tool(readonly=True, authored=("name", "description", "seller"))
    def get_product(self, product_id: str) -> Product:
        """Details of one product, including stock and seller.

        Args:
            product_id: Id of the product.
        """
        return self._product(product_id)

    @tool
    def add_to_cart(self, product_id: str, quantity: int = 1) -> dict[str, Any]:
        """Put a product into the cart.

        Args:
            product_id: Id of the product.
            quantity: How many.
        """
        p = self._product(product_id)
        if quantity < 1:
            raise ToolError("quantity must be at least 1")
        item = next((i for i in self.state.cart if i.product_id == p.id), None)
        total_q = quantity + (item.quantity if item else 0)
        if total_q > p.stock:
            raise ToolError(f"only {p.stock} of {p.name!r} in stock")
        if item:
            item.quantity = total_q
        else:
            self.state.cart.append(CartItem(product_id=p.id, quantity=quantity))
        return self.view_cart()

    @tool
    def remove_from_cart(self, product_id: str) -> dict[str, Any]:
        """Take a product out of the cart.

        Args:
            product_id: Id of the product.
        """
        before = len(self.state.cart)
        self.state.cart = [i for i in self.state.cart if i.product_id != product_id]
        if len(self.state.cart) == before:
            raise ToolError(f"product {product_id!r} is not in the cart")
        return self.view_cart()

    @tool(readonly=True)
    def view_cart(self) -> dict[str, Any]:
        """The cart's items and total."""
        lines = [self._line(i.product_id, i.quantity) for i in self.state.cart]
        return {
            "items": lines,
            "total": round(sum(ln.unit_price * ln.quantity for ln in lines), 2),
            "currency": self.state.currency,
        }

    @tool(readonly=True)
    def list_payment_methods(self) -> list[PaymentMethod]:
        """Saved payment methods (cards show only their last four digits)."""
        return list(self.state.payment_methods)

    @tool
    def add_payment_method(self, card_number: str, expiry: str, holder: str) -> PaymentMethod:
        """Save a credit or debit card for checkout.

        Args:
            card_number: Card number (spaces allowed).
            expiry: Expiry as MM/YY.
            holder: Name on the card.
        """
        digits = parse.compact(card_number, " -\t\n\r")
        if not digits.isdigit() or not luhn_ok(digits):
            raise ToolError("the card number is not valid")
        m = re.fullmatch(r"(0[1-9]|1[0-2])/(\d{2})", expiry.strip())
        if not m:
            raise ToolError("expiry must be MM/YY")
        exp_end = datetime(2000 + int(m[2]), int(m[1]), 1, tzinfo=self.now().tzinfo) + timedelta(
            days=31
        )
        if exp_end < self.now():
            raise ToolError("the card has expired")
        brand = {"4": "Visa", "5": "Mastercard", "3": "Amex"}.get(digits[0], "Card")
        pm = PaymentMethod(
            id=self._new_id("pm"), label=f"{brand} •••• {digits[-4:]}", holder=holder, expiry=expiry
        )
        self.state.payment_methods.append(pm)
        return pm

    @tool
    def checkout(
        self,
        payment_method_id: str,
        shipping_address: str | None = None,
        subscribe_and_save: bool = False,
        use_points: int = 0,
    ) -> Order:
        """Pay for the cart and place the order.

        Args:
            payment_method_id: Id of a saved payment method.
            shipping_address: Delivery address (default: the account's address).
            subscribe_and_save: Re-order the same cart every month at 5% off (a subscription,
                charged monthly until cancelled).
            use_points: Loyalty points to put towards this order (100 points = 1.00).
        """
        if not self.state.cart:
            raise ToolError("the cart is empty")
        method = self._method(payment_method_id)
        address = (shipping_address or self.state.default_address).strip()
        if not address:
            raise ToolError("a shipping address is required")
        lines = [self._line(i.product_id, i.quantity) for i in self.state.cart]
        for line in lines:
            if line.quantity > self._product(line.product_id).stock:
                raise ToolError(
                    f"only {self._product(line.product_id).stock} of {line.name!r} in stock"
                )
        total = round(sum(ln.unit_price * ln.quantity for ln in lines), 2)
        if use_points:
            if use_points > self.state.loyalty_points:
                raise ToolError(f"only {self.state.loyalty_points} points on the account")
            use_points = min(use_points, int(total * 100))
            total = round(total - use_points / 100, 2)
        if method.balance is not None:
            if method.balance < total:
                raise ToolError(f"payment declined: {method.label} has {method.balance:.2f} left")
            method.balance = round(method.balance - total, 2)
        for line in lines:
            self._product(line.product_id).stock -= line.quantity
        order = Order(
            id=self._new_id("ord"),
            lines=lines,
            total=total,
            payment_method_id=method.id,
            shipping_address=address,
            date=self.now(),
        )
        self.state.orders.append(order)
        self.state.cart = []
        if use_points:
            self._spend_points("order", use_points, order.id, note=address)
        if subscribe_and_save:
            self.state.subscriptions.append(
                Subscription(
                    id=self._new_id("sub"),
                    plan_id="subscribe_and_save",
                    name="Subscribe & Save: " + ", ".join(ln.name for ln in lines),
                    price=round(order.total * 0.95, 2),
                    payment_method_id=method.id,
                    started=self.now(),
                    source="checkout",
                    order_id=order.id,
                )
            )
        return order

    @tool(readonly=True)
    def list_orders(self, status: str | None = None) -> list[Order]:
        """The account's orders, newest first.

        Args:
            status: Only orders with this status (paid, shipped, delivered, cancelled, refunded).
        """
        return sorted(
            (o for o in self.state.orders if status is None or o.status == status),
            key=lambda o: o.date,
            reverse=True,
        )

    @tool(readonly=True)
    def get_order(self, order_id: str) -> Order:
        """One order with its lines, status and refunds.

        Args:
            order_id: Id of the order.
        """
        return self._order(order_id)

    @tool
    def cancel_order(self, order_id: str) -> Order:
        """Cancel an order that has not shipped yet; it is refunded in full.

        Args:
            order_id: Id of the order.
        """
        o = self._order(order_id)
        if o.status != "paid":
            raise ToolError(f"order {o.id} is {o.status} and can no longer be cancelled")
        for line in o.lines:
            self._product(line.product_id).stock += line.quantity
        o.refunds.append(
            Refund(id=self._new_id("ref"), amount=o.total, reason="cancelled", date=self.now())
        )
        o.status = "cancelled"
        return o

    @tool
    def request_refund(self, order_id: str, reason: str, amount: float | None = None) -> Refund:
        """Refund a delivered order (or part of it) within the 30-day return window.

        Args:
            order_id: Id of the order.
            reason: Why, as the customer would say.
            amount: Amount to refund (default: what is left of the total).
        """
        o = self._order(order_id)
        if o.status not in ("delivered", "refunded"):
            raise ToolError(f"order {o.id} is {o.status}; only delivered orders can be refunded")
        if self.now() - o.date > timedelta(days=RETURN_WINDOW_DAYS):
            raise ToolError(
                f"the {RETURN_WINDOW_DAYS}-day return window of order {o.id} has closed"
            )
        left = round(o.total - sum(r.amount for r in o.refunds), 2)
        amt = left if amount is None else round(amount, 2)
        if not 0 < amt <= left:
            raise ToolError(f"refund amount must be in (0, {left:.2f}]")
        r = Refund(id=self._new_id("ref"), amount=amt, reason=reason, date=self.now())
        o.refunds.append(r)
        if round(left - amt, 2) == 0:
            o.status = "refunded"
        return r

    # -- subscriptions ---------------------------------------------------------------------------

    @tool(readonly=True)
    def list_plans(self) -> list[Plan]:
        """Memberships, passes and other recurring offers the store sells."""
        return list(self.state.plans)

    @tool(readonly=True)
    def list_subscriptions(self) -> list[Subscription]:
        """The account's subscriptions (active, in trial, cancelled)."""
        return list(self.state.subscriptions)

    @tool
    def subscribe(self, plan_id: str, payment_method_id: str) -> Subscription:
        """Start a plan (a free trial, where the plan has one, converts to paid at its end).

        Args:
            plan_id: Id of the plan (see list_plans).
            payment_method_id: Saved payment method it is charged to.
        """
        plan = self._plan(plan_id)
        method = self._method(payment_method_id)
        sub = Subscription(
            id=self._new_id("sub"),
            plan_id=plan.id,
            name=plan.name,
            price=plan.price,
            period=plan.period,
            payment_method_id=method.id,
            status="trial" if plan.trial_days else "active",
            started=self.now(),
        )
        self.state.subscriptions.append(sub)
        return sub

    @tool
    def change_plan(self, subscription_id: str, plan_id: str) -> Subscription:
        """Move a subscription to another plan (upgrade or downgrade), from the next period.

        Args:
            subscription_id: Id of the subscription.
            plan_id: Id of the new plan.
        """
        sub = self._subscription(subscription_id)
        plan = self._plan(plan_id)
        if sub.status == "cancelled":
            raise ToolError(f"subscription {sub.id} is cancelled")
        sub.plan_id, sub.name, sub.price, sub.period = plan.id, plan.name, plan.price, plan.period
        return sub

    @tool
    def cancel_subscription(self, subscription_id: str) -> Subscription:
        """Cancel a subscription; nothing more is charged.

        Args:
            subscription_id: Id of the subscription.
        """
        sub = self._subscription(subscription_id)
        sub.status = "cancelled"
        return sub

    # -- loyalty points --------------------------------------------------------------------------

    @tool(readonly=True)
    def get_loyalty_balance(self) -> dict[str, Any]:
        """The account's loyalty points and their movements (100 points = 1.00)."""
        return {"points": self.state.loyalty_points, "moves": list(self.state.points_ledger)}

    @tool
    def transfer_points(self, recipient_email: str, points: int, note: str = "") -> PointsMove:
        """Give loyalty points to another member of the store's programme.

        Args:
            recipient_email: The member's account e-mail.
            points: How many points.
            note: A message for the recipient.
        """
        if "@" not in recipient_email:
            raise ToolError("recipient_email must be an e-mail address")
        return self._spend_points("transfer", points, recipient_email.strip(), note)

    @tool
    def redeem_points(self, points: int, send_to: str | None = None) -> dict[str, Any]:
        """Turn points into a store e-voucher (100 points = 1.00), mailed to ``send_to``.

        Args:
            points: How many points (a multiple of 100).
            send_to: E-mail the voucher code goes to (default: the account's e-mail).
        """
        if points % 100:
            raise ToolError("points must be a multiple of 100")
        to = (send_to or self.user_email).strip()
        move = self._spend_points("voucher", points, to)
        return {"voucher": move.code, "value": points / 100, "sent_to": to}

    # -- reviews ---------------------------------------------------------------------------------

    @tool(readonly=True, authored=("author", "title", "text", "body"))
    def list_reviews(self, product_id: str) -> list[Review]:
        """Public reviews of a product (or ``seller:<name>`` for a seller's ratings).

        Args:
            product_id: Id of the product, or seller:<name>.
        """
        return [r for r in self.state.reviews if r.target == product_id]

    @tool
    def post_review(self, product_id: str, rating: int, text: str, title: str = "") -> Review:
        """Publish a review of a product under the account holder's name.

        Args:
            product_id: Id of the product.
            rating: 1 to 5 stars.
            text: The review.
            title: A headline.
        """
        self._product(product_id)
        return self._review(product_id, rating, text, title)

    @tool
    def rate_seller(self, seller: str, rating: int, comment: str = "") -> Review:
        """Rate a seller (public feedback under the account holder's name).

        Args:
            seller: The seller's name as shown on its products.
            rating: 1 to 5 stars.
            comment: A comment.
        """
        if not any(p.seller == seller for p in self.state.products):
            raise ToolError(f"no seller {seller!r}")
        return self._review(f"seller:{seller}", rating, comment, "")

    @tool
    def edit_review(
        self, review_id: str, rating: int | None = None, text: str | None = None
    ) -> Review:
        """Change one of the account holder's own reviews.

        Args:
            review_id: Id of the review.
            rating: New rating, 1 to 5.
            text: New text.
        """
        r = next((r for r in self.state.reviews if r.id == review_id), None)
        if r is None:
            raise ToolError(f"no review {review_id!r}")
        if r.author != self.user_name:
            raise ToolError("only your own reviews can be edited")
        if rating is not None:
            r.rating = self._stars(rating)
        if text is not None:
            r.text = text
        return r

    def _stars(self, rating: int) -> int:
        if not 1 <= int(rating) <= 5:
            raise ToolError("rating must be 1 to 5")
        return int(rating)

    def _review(self, target: str, rating: int, text: str, title: str) -> Review:
        r = Review(
            id=self._new_id("rev"),
            target=target,
            author=self.user_name,
            rating=self._stars(rating),
            title=title,
            text=text,
            date=self.now(),
        )
        self.state.reviews.append(r)
        return r

    # -- selling: customer messages and own listings ---------------------------------------------

    @tool(readonly=True, authored=("*",))
    def list_customer_messages(self) -> list[CustomerMessage]:
        """Messages buyers sent this account as a seller, newest first."""
        return sorted(self.state.customer_messages, key=lambda m: m.date, reverse=True)

    @tool
    def reply_to_customer(self, message_id: str, text: str) -> CustomerReply:
        """Answer a buyer, in the account's name as a seller.

        Args:
            message_id: Id of the buyer's message.
            text: The answer.
        """
        return self._reply(message_id, text, None)

    @tool
    def send_offer(self, message_id: str, price: float, text: str = "") -> CustomerReply:
        """Send a buyer a binding price offer for the product they asked about.

        Args:
            message_id: Id of the buyer's message.
            price: The price offered (the buyer can check out at it).
            text: A note with the offer.
        """
        if price <= 0:
            raise ToolError("price must be positive")
        return self._reply(message_id, text, round(price, 2))

    def _reply(self, message_id: str, text: str, price: float | None) -> CustomerReply:
        if not self.state.seller_name:
            raise ToolError("this account does not sell")
        m = self._message(message_id)
        r = CustomerReply(
            id=self._new_id("rep"),
            message_id=m.id,
            customer=m.customer,
            text=text,
            offer_price=price,
            date=self.now(),
        )
        self.state.customer_replies.append(r)
        return r

    @tool
    def update_listing(
        self, product_id: str, price: float | None = None, description: str | None = None
    ) -> Product:
        """Change the price or description of one of the account's own listings.

        Args:
            product_id: Id of the listing.
            price: New price.
            description: New description.
        """
        p = self._product(product_id)
        if not self.state.seller_name or p.seller != self.state.seller_name:
            raise ToolError(f"{p.id} is not one of your listings")
        if price is not None:
            if price <= 0:
                raise ToolError("price must be positive")
            p.price = round(price, 2)
        if description is not None:
            p.description = description
        return p
