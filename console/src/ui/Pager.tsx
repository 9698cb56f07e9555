import { Button } from 'react-aria-components';

/** A server-paged list's position ("26–50 of 120 flags") and its previous / next buttons. */
export function Pager({
  offset,
  pageSize,
  total,
  noun,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  /** What the list holds, plural ("flags"). */
  noun: string;
  onOffset: (offset: number) => void;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <span aria-live="polite">
        {total === 0 ? `No ${noun}` : `${offset + 1}–${Math.min(offset + pageSize, total)} of ${total} ${noun}`}
      </span>
      <Button className="button" isDisabled={offset === 0} onPress={() => onOffset(Math.max(0, offset - pageSize))}>
        Previous page
      </Button>
      <Button className="button" isDisabled={offset + pageSize >= total} onPress={() => onOffset(offset + pageSize)}>
        Next page
      </Button>
    </nav>
  );
}
