/** The one way to pay for now. */
export function CashOnDelivery() {
  return (
    <>
      <h2>Payment</h2>
      <div className="payment-choice">
        <input type="radio" checked readOnly aria-label="Cash on delivery" /> Cash on delivery
      </div>
    </>
  );
}
