<?php
// The cart is plain data: decoded with json_decode, never rebuilt as objects from the request.
$items = [];
if (isset($_COOKIE['cart'])) {
    $decoded = json_decode(base64_decode($_COOKIE['cart']), true);
    $items = is_array($decoded) ? $decoded : [];
}

if (isset($_GET['add'])) {
    $sku = preg_replace('/[^A-Za-z0-9_-]/', '', $_GET['add']);
    $items[$sku] = ($items[$sku] ?? 0) + max(1, (int)($_GET['qty'] ?? 1));
}

// Shop settings cached by the back office on this server; restricted to plain arrays.
$settings = unserialize(file_get_contents(__DIR__ . '/settings.cache'), ['allowed_classes' => false]);

setcookie('cart', base64_encode(json_encode($items)), time() + 30 * 86400, '/');
header('Content-Type: application/json');
echo json_encode(['items' => $items, 'currency' => $settings['currency'] ?? 'EUR']);
