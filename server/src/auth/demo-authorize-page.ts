/** The demo service's sign-in form: a name is all it asks. Self-contained; loads nothing else. */
export function demoAuthorizePage(request: Record<string, string | undefined>): string {
  const hidden = [
    'response_type',
    'client_id',
    'redirect_uri',
    'state',
    'code_challenge',
    'code_challenge_method',
    'scope',
  ]
    .filter((name) => request[name] !== undefined)
    .map(
      (name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name] ?? '')}">`,
    )
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Sign in to the demo streaming service</title>
  <style>
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f4f6; color: #111827; }
    main { background: #fff; padding: 2rem; border-radius: 1rem; box-shadow: 0 10px 30px rgb(0 0 0 / 0.1); width: min(24rem, 90vw); }
    h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
    p { color: #4b5563; margin: 0 0 1.5rem; line-height: 1.5; }
    label { display: block; font-weight: 600; margin-bottom: .4rem; }
    input[type=text] { width: 100%; box-sizing: border-box; padding: .7rem .8rem; border: 1px solid #9ca3af; border-radius: .5rem; font-size: 1rem; }
    button { margin-top: 1rem; width: 100%; padding: .75rem; border: 0; border-radius: .5rem; background: #4338ca; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
    button:focus-visible, input:focus-visible { outline: 3px solid #6366f1; outline-offset: 2px; }
    @media (prefers-color-scheme: dark) {
      body { background: #111827; color: #f9fafb; } main { background: #1f2937; } p { color: #d1d5db; }
      input[type=text] { background: #111827; color: #f9fafb; border-color: #6b7280; }
    }
  </style>
</head>
<body>
  <main>
    <h1>Demo streaming service</h1>
    <p>This built-in service stands in for Spotify. Choose a display name; each name keeps its own collection.</p>
    <form method="get" action="authorize">
        ${hidden}
        <label for="login_hint">Display name</label>
        <input id="login_hint" name="login_hint" type="text" required maxlength="100" autocomplete="nickname" autofocus>
        <button type="submit">Allow and continue</button>
    </form>
  </main>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
