import { Link } from 'react-aria-components';

export default function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>
        Nothing is at this address. <Link href="/">Go to the flags</Link>.
      </p>
    </section>
  );
}
