#!/usr/bin/env node
// The container's HEALTHCHECK (Dockerfile): slim images have no curl. Exits 0 when esg serve's
// /healthz answers 200 (the database answers) within 3 s, else 1. Reads PORT as esg serve does.
const port = process.env.PORT || '4173';
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) });
  process.exitCode = response.ok ? 0 : 1;
} catch {
  process.exitCode = 1;
}
