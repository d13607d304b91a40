"""Shop: an online store account with catalog, cart, orders, saved payment methods and refunds.

Card numbers are checked (Luhn) and only their last four digits are kept, as a real store
does. Orders go ``paid -> shipped -> delivered``; a paid order can be cancelled (refunded in
full), a delivered one can be refunded within the return window.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool

RETURN_WINDOW_DAYS = 30


def luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) < 12:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


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


class ShopState(ServiceState):
    currency: str = "EUR"
    products: list[Product] = Field(default_factory=list)
    cart: list[CartItem] = Field(default_factory=list)
    payment_methods: list[PaymentMethod] = Field(default_factory=list)
    orders: list[Order] = Field(default_factory=list)
    default_address: str = ""
    next_id: int = 1


class Shop(Service):
    name = "shop"
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

    def _method(self, pm_id: str) -> PaymentMethod:
        for m in self.state.payment_methods:
            if m.id == pm_id:
                return m
        raise ToolError(f"no payment method {pm_id!r} (use list_payment_methods)")

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
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

    @tool(readonly=True)
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
        digits = re.sub(r"[\s-]", "", card_number)
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
    def checkout(self, payment_method_id: str, shipping_address: str | None = None) -> Order:
        """Pay for the cart and place the order.

        Args:
            payment_method_id: Id of a saved payment method.
            shipping_address: Delivery address (default: the account's address).
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
