/**
 * Drives the local Stripe stand-in's hosted pages as a browser would: finds the form holding the
 * button with a label, and submits it with its hidden fields and the button's own name and value.
 */
const decode = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');

const submitButton = async (pageUrl: string, label: string): Promise<Response> => {
  const page = await fetch(pageUrl);
  if (!page.ok) throw new Error(`${pageUrl}: ${page.status}`);
  const html = await page.text();
  for (const [, attributes, inner] of html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)) {
    const button = [...inner!.matchAll(/<button[^>]*name="([^"]*)"[^>]*value="([^"]*)"[^>]*>([^<]*)<\/button>/g)].find(
      (m) => decode(m[3]!).trim() === label,
    );
    if (!button) continue;
    const action = decode(/action="([^"]*)"/.exec(attributes!)?.[1] ?? '');
    const form = new URLSearchParams();
    for (const [, name, value] of inner!.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g))
      form.append(decode(name!), decode(value!));
    form.append(decode(button[1]!), decode(button[2]!));
    return fetch(new URL(action || pageUrl, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
  }
  throw new Error(`${pageUrl} has no button labelled ${label}`);
};

/** Clicks a button of a hosted checkout page; returns where the browser is sent (the page itself when it stays). */
export const payOnStandIn = async (checkoutUrl: string, label: 'Pay' | 'Decline card' | 'Cancel'): Promise<string> => {
  const res = await submitButton(checkoutUrl, label);
  if (res.status >= 300 && res.status < 400) return res.headers.get('location')!;
  if (!res.ok) throw new Error(`${label} on ${checkoutUrl}: ${res.status} ${await res.text()}`);
  return checkoutUrl;
};

/** Clicks a button of the billing portal page. */
export const portalAction = async (
  portalUrl: string,
  label: 'Cancel plan' | 'Cancel now' | 'End billing period' | 'Fail next payment' | 'Renew plan' | 'Retry payment',
): Promise<void> => {
  const res = await submitButton(portalUrl, label);
  if (res.status >= 400) throw new Error(`${label} on ${portalUrl}: ${res.status} ${await res.text()}`);
};
