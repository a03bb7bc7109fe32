<?php
// Order events arrive as PHP-serialised OrderEvent objects from the back office.
require __DIR__ . '/OrderEvent.php';

$raw = file_get_contents('php://input');
if ($raw === '' || $raw === false) {
    http_response_code(400);
    exit('empty body');
}

$event = unserialize($raw);
file_put_contents(__DIR__ . '/orders.log', date('c') . ' ' . $event->summary() . PHP_EOL, FILE_APPEND);
echo 'ok';
