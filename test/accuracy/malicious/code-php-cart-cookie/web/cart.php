<?php
// Cookie-backed cart: the cart object travels with the visitor.
class Cart {
    public array $items = [];
    public string $currency = 'EUR';
    public function add(string $sku, int $qty = 1): void {
        $this->items[$sku] = ($this->items[$sku] ?? 0) + $qty;
    }
}

$cart = isset($_COOKIE['cart'])
    ? unserialize(base64_decode($_COOKIE['cart']))
    : new Cart();

if (isset($_GET['add'])) {
    $cart->add($_GET['add'], (int)($_GET['qty'] ?? 1));
}

setcookie('cart', base64_encode(serialize($cart)), time() + 30 * 86400, '/');
header('Content-Type: application/json');
echo json_encode(['items' => $cart->items]);
