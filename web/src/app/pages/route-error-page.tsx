// The router's last resort when a page throws while rendering.
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";

export function RouteErrorPage() {
  return (
    <main className="fullscreen-center">
      <Card className="card-narrow text-center shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4">Something went wrong</h1>
          <p className="text-body-secondary">This page could not be shown. Reloading usually helps.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
