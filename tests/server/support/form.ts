// A multipart/form-data request body built by hand (fields in order, files as parts), for the
// routes that take a form (uploads, and the `form` routes of src/api such as chat create-message).
export type FormPart =
  { name: string; value: string } | { name: string; file: string; data: string | Uint8Array };

export function formBody(parts: FormPart[]) {
  const boundary = `----form${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
      );
      chunks.push(Buffer.from(p.data), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A JSON body's fields as form parts (a list field repeats; an empty list is one empty field). */
export function fieldsOf(body: Record<string, unknown>): FormPart[] {
  return Object.entries(body).flatMap(([name, v]): FormPart[] =>
    Array.isArray(v)
      ? v.length
        ? v.map((x) => ({ name, value: String(x) }))
        : [{ name, value: '' }]
      : [{ name, value: String(v) }],
  );
}
