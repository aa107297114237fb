// Friendly not-found page with a way home.

export function NotFound({ what }: { what: string }) {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>{what}</p>
      <p>
        <a href="#/">Go to the list of lessons</a>
      </p>
    </div>
  );
}
