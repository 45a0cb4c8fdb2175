import { PROJECT_ID, queryStack } from '../faults/local-stack.js';

/**
 * A verified account made through the emulator's REST API, with its row in the app's database:
 * what the browser benchmarks sign in with.
 */
export async function benchAccount(emulatorPort: number, stack: Parameters<typeof queryStack>[0]) {
  const base = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1`;
  const post = async (url: string, body: unknown, authorization?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`emulator: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const email = `render-${Date.now()}@example.com`;
  const password = 'render-bench-7';
  const { localId } = await post(`${base}/accounts:signUp?key=bench`, { email, password });
  await post(
    `${base}/projects/${PROJECT_ID}/accounts:update`,
    { localId, emailVerified: true },
    'Bearer owner',
  );
  await queryStack(stack, `INSERT INTO users (uid, email, name) VALUES ($1, $2, 'Render')`, [localId, email]);
  return { email, password };
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

export const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The nearest-rank percentile (0..1) of the numbers. */
export const percentile = (numbers: number[], share: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
};
