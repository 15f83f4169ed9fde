import Card from "react-bootstrap/Card";

export function ManageClientsPage() {
  return (
    <Card className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h4">Manage Clients</h1>
        <p className="text-body-secondary mb-0">
          Client management arrives with the OAuth2 server, which a later release of the portal adds.
        </p>
      </Card.Body>
    </Card>
  );
}
