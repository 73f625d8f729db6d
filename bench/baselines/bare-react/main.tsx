import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The bare Vite + React 19 template's weight: what any React page costs before our first line. */
function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>count is {count}</button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
