// The cards pages are made of. Widths come from the theme (theme.ts): narrow
// for a single form, wide for lists.
import { useId, type ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import Card from "react-bootstrap/Card";

type Width = "narrow" | "wide";

/** A public page (sign-in, registration, recovery, error): one card with the page's heading. */
export function PublicCard({ title, children, width = "narrow" }: { title: ReactNode; children: ReactNode; width?: Width }) {
  return (
    <Card className={`card-${width} shadow-sm`}>
      <Card.Body className="p-4">
        <h1 className="h4 mb-3">{title}</h1>
        {children}
      </Card.Body>
    </Card>
  );
}

/** One part of an account page, named by its heading so it is a landmark region. */
export function SectionCard({
  title,
  description,
  width = "narrow",
  children,
}: {
  title: string;
  description?: ReactNode;
  width?: Width;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className={`card-${width} shadow-sm mb-4`}>
      <Card.Body className="p-4">
        <h2 id={headingId} className={description ? "h5 mb-1" : "h5 mb-3"}>
          {title}
        </h2>
        {description && <p className="text-body-secondary small mb-3">{description}</p>}
        {children}
      </Card.Body>
    </Card>
  );
}

/** Why a form was started again (a notice), and a failure of what the user just did. */
export function FormAlerts({ notice, failure }: { notice?: string | undefined; failure?: string | undefined }) {
  return (
    <>
      {notice && (
        <Alert variant="warning" className="py-2 small" role="status">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" className="py-2 small" role="alert">
          {failure}
        </Alert>
      )}
    </>
  );
}
