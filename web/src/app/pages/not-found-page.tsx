import Card from "react-bootstrap/Card";
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths";

export function NotFoundPage() {
  return (
    <Card className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h4">Page not found</h1>
        <p className="text-body-secondary">There is no page at this address.</p>
        <Link to={paths.settings}>Go to Account Settings</Link>
      </Card.Body>
    </Card>
  );
}
