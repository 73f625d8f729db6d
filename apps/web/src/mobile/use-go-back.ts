import { useNavigate } from 'react-router';

/** react-router keeps the position in its history entry: above 0 there is a page of ours to go back to. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** Back to where the member came from, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(fallback, { replace: true }));
}
