/** What became of a form's last save: the API's message when refused, "Saved." when it went through. */
export function SaveStatus({ save }: { save: { error: Error | null; isSuccess: boolean } }) {
  if (save.error)
    return (
      <p role="alert" className="notice error">
        {save.error.message}
      </p>
    );
  if (save.isSuccess)
    return (
      <p role="status" className="muted">
        Saved.
      </p>
    );
  return null;
}
