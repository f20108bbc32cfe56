import type { SocialOption } from "../../lib/social.server.ts";
import { buttonLink } from "./auth-layout.tsx";

/**
 * Sign-in with Google, Facebook or LINE. Each is a whole-page visit to the API, which goes on to the
 * provider and comes back to /auth with the tokens (or a message); the guard's redirect cookie
 * travels along, so a member ends where they wanted to go.
 */
export function SocialLogin({ options }: { options: SocialOption[] }) {
  if (options.length === 0) return null;
  return (
    <section aria-labelledby="social-login-title">
      <h2
        id="social-login-title"
        className="flex items-center gap-4 text-sm tracking-[0.16em] text-muted before:h-px before:flex-1 before:bg-rule after:h-px after:flex-1 after:bg-rule"
      >
        社群帳號登入
      </h2>
      <ul className="mt-5 grid gap-3">
        {options.map((option) => (
          <li key={option.provider}>
            <a href={option.href} className={`${buttonLink} w-full`}>
              使用 {option.name} 登入
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm leading-6 text-muted">
        第一次使用社群帳號登入時，會以該帳號的電子郵件建立會員。
      </p>
    </section>
  );
}
