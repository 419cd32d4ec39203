import { type ReactNode } from "react";
import { type PublicFrameData, PublicFrame } from "~/components/layout/public-frame";
import { useTranslation } from "~/i18n/react";

/** The public verification pages' frame: the school (back to the form), the language, the page. */
export function VerifyFrame({ frame, children }: { frame: PublicFrameData; children: ReactNode }) {
  return (
    <PublicFrame frame={frame} home="/certificates/verify" reloadDocument mainClassName="max-w-2xl space-y-4">
      {children}
    </PublicFrame>
  );
}

/** The GET form: a typed code goes to /certificates/verify?code=…, which sends it to its page. */
export function VerifyCodeForm({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation("verify");
  return (
    <form method="get" action="/certificates/verify" className="card space-y-3">
      <div>
        <label htmlFor="code" className="field-label">
          {t("code")}
        </label>
        <p id="code-hint" className="text-sm text-slate-700">
          {t("codeHint")}
        </p>
        <input
          id="code"
          name="code"
          required
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          defaultValue={defaultValue}
          aria-describedby="code-hint"
          className="field-input mt-1 font-mono uppercase tracking-wider"
        />
      </div>
      <button type="submit" className="btn-primary">
        {t("submit")}
      </button>
    </form>
  );
}
