import Spinner from "react-bootstrap/Spinner";

export function FullScreenSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <main className="fullscreen-center">
      <div role="status" aria-label={label}>
        <Spinner animation="border" variant="primary" aria-hidden="true" />
      </div>
    </main>
  );
}
