<?php
class OrderEvent {
    public string $orderId = '';
    public string $status = '';
    public function summary(): string {
        return $this->orderId . ' ' . $this->status;
    }
}
