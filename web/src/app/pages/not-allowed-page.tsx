import Card from "react-bootstrap/Card";
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths";
import { LockIcon } from "../shell/icons";

export function NotAllowedPage() {
  return (
    <Card className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <div className="text-body-secondary mb-3">
          <LockIcon />
        </div>
        <h1 className="h4">Not allowed</h1>
        <p className="text-body-secondary">Your account does not have access to this page.</p>
        <Link to={paths.settings}>Go to Account Settings</Link>
      </Card.Body>
    </Card>
  );
}
