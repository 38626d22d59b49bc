import { describe, expect, it } from 'vitest';
import { errorFromText } from '../../src/app/api/errors';

describe('errorFromText', () => {
  it("keeps the server's error body", () => {
    const e = errorFromText(
      400,
      JSON.stringify({ error: 'bim.bad_geometry', error_message: 'Not geometry' }),
    );
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ error: 'bim.bad_geometry', error_message: 'Not geometry' });
  });
  it("says a proxy's page by its text, and an empty answer by its status", () => {
    expect(errorFromText(502, '<html>Bad gateway</html>').body.error_message).toBe(
      '<html>Bad gateway</html>',
    );
    expect(errorFromText(503, '').body.error_message).toBe('HTTP 503');
  });
});
