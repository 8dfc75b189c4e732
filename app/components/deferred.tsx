import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";

/**
 * Data that may still be on its way: a value the server already has renders at
 * once (no Suspense boundary, so the page is complete without JavaScript — React
 * may otherwise stream a large boundary's content behind a script), a promise
 * from a client loader shows `fallback` until it settles, then the content or
 * `errorElement`.
 */
export function Deferred<T>({
  value,
  fallback,
  errorElement,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return <>{children(value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {(resolved: T) => children(resolved)}
      </Await>
    </Suspense>
  );
}
