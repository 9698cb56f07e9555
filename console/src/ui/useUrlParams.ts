import { type NavigateOptions, useSearchParams } from 'react-router';

export interface UrlChangeOptions extends NavigateOptions {
  /** Keep the page (`offset`): true for paging itself; any other change starts again at the first page. */
  keepPage?: boolean;
}

/**
 * The page's query parameters, and a change of some of them that keeps the others. Each change starts from the
 * address bar, not from the last render: React Router's own setter builds on the parameters it last rendered, so a
 * second change made before the first was rendered (two filters set at once, as a navigation in a transition
 * allows) dropped the first.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string | readonly string[] | undefined>, { keepPage, ...navigate }: UrlChangeOptions = {}) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const item of typeof value === 'string' ? [value] : (value ?? [])) if (item) next.append(key, item);
    }
    if (!keepPage) next.delete('offset');
    setParams(next, navigate);
  };
  return [params, change] as const;
}
