import { useEffect, useRef } from "react";

/*
 * Google reCAPTCHA v3 for a form, when the site has a key (RECAPTCHA_SITE_KEY): Google's script is
 * loaded on this page only, and a token for `action` is fetched at once and again every 90 s
 * (tokens live two minutes), into the hidden g_recaptcha_response the API verifies. Without a key
 * the caller renders the local stand-in's token instead (development and tests; never production).
 */

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const refreshMs = 90_000;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  const src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  return new Promise((resolve, reject) => {
    const ready = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha!));
    if (window.grecaptcha) return ready();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener("load", ready, { once: true });
    script.addEventListener("error", () => reject(new Error("reCAPTCHA did not load")), { once: true });
  });
}

export function RecaptchaField({ siteKey, action }: { siteKey: string; action: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const grecaptcha = await loadScript(siteKey);
        const token = await grecaptcha.execute(siteKey, { action });
        if (!stopped && input.current) input.current.value = token;
      } catch (error) {
        // The API answers 請完成機器人驗證 on submit; nothing else to tell the person here.
        console.error(error);
      }
      if (!stopped) timer = setTimeout(() => void refresh(), refreshMs);
    };
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [siteKey, action]);
  return <input ref={input} type="hidden" name="g_recaptcha_response" defaultValue="" />;
}
