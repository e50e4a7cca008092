import { baseUrl } from './browser';

/** The newest sign-in code the local mailbox holds for an address, waiting briefly for it. */
export const codeFromMailbox = async (email: string, notBefore?: string): Promise<string> => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { messages } = (await fetch(`${baseUrl()}/_local/mail?format=json`).then((r) => r.json())) as {
      messages: { to: string[]; subject: string; text: string }[];
    };
    const mail = messages.find((m) => m.to.includes(email) && m.subject.startsWith('Your sign-in code'));
    const code = /sign-in code is ([A-Z]{6})/.exec(mail?.text ?? '')?.[1];
    if (code && code !== notBefore) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code for ${email}`);
};
