<?php
// Stock level for one SKU, as JSON.
require __DIR__ . '/config.php';

$db = mysqli_connect(DB_HOST, DB_USER, DB_PASS, DB_NAME);
header('Content-Type: application/json');

$sku = $_GET['sku'] ?? '';
$res = mysqli_query($db, "SELECT sku, name, qty FROM stock WHERE sku = '$sku'");
$row = $res ? mysqli_fetch_assoc($res) : null;

if (isset($_GET['warehouse'])) {
    $res2 = mysqli_query($db, "SELECT qty FROM stock_by_site WHERE site = '" . $_GET['warehouse'] . "' AND sku = '$sku'");
    $row['site_qty'] = $res2 ? mysqli_fetch_assoc($res2)['qty'] : null;
}

echo json_encode($row ?: ['error' => 'not found']);
