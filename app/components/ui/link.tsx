/* eslint-disable no-restricted-imports -- the one place Remix's links are wrapped */
import {
  type LinkProps,
  type NavLinkProps,
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
} from "@remix-run/react";
/* eslint-enable no-restricted-imports */
import { forwardRef } from "react";

// The app's <Link> and <NavLink> (issue 18). In the browser they are Remix's
// own. On the server, where a link is only ever its <a>, a link to a path
// from the root (or to another site) renders that <a> directly: Remix's Link
// renders react-router-dom's, and between them a link resolves its `to` three
// times (each with a JSON round trip of the route's matches) and sets up
// prefetch state, effects and a click handler the server never uses. The
// markup is the same (href, data-discover, aria-current, the other
// attributes; tests/unit/link.test.tsx compares them), so hydration takes
// over with Remix's links unchanged. Any other `to` (relative, an object)
// is Remix's link on the server too. ESLint keeps Remix's links out of the app.

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// A path from the root that the router leaves as it is: no empty "?" or "#"
// for it to drop (the app's basename is "/", so nothing is prefixed).
const ROOT_PATH = /^\/(?!\/)[^?#]*(?:\?[^#]+)?(?:#.+)?$/;
// What the server's router would percent-encode in a pathname (NavLink compares encoded paths).
const PLAIN_PATHNAME = /^[\w\-./~]*$/;

/** A link's props less what only the router reads: the anchor's attributes, and whether Remix marks it for route discovery. */
function anchorAttributes({
  prefetch: _prefetch,
  discover = "render",
  reloadDocument,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  ...attributes
}: Omit<LinkProps, "to">) {
  return { attributes, discovered: discover === "render" && !reloadDocument };
}

export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, _ref) {
  const { to, target, ...others } = props;
  if (typeof to !== "string") return <RemixLink {...props} />;
  const absolute = ABSOLUTE_URL.test(to);
  if (!absolute && !ROOT_PATH.test(to)) return <RemixLink {...props} />;
  const { attributes, discovered } = anchorAttributes(others);
  // Event handlers are not rendered on the server; the rest become attributes as in Remix's Link.
  return (
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content is the children, in the attributes
    <a {...attributes} data-discover={discovered && !absolute ? "true" : undefined} href={to} target={target} />
  );
});

export const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, NavLinkProps>(
  function ServerNavLink(props, _ref) {
    const {
      "aria-current": ariaCurrent = "page",
      caseSensitive = false,
      className,
      end = false,
      style,
      to,
      target,
      children,
      ...rest
    } = props;
    const location = useLocation();
    if (typeof to !== "string" || !ROOT_PATH.test(to)) return <RemixNavLink {...props} />;
    // As react-router-dom's NavLink decides it; nothing is pending or in a view transition on the server.
    let path = to.replace(/[?#][\s\S]*$/, "");
    if (!PLAIN_PATHNAME.test(path)) path = new URL(path, "http://localhost").pathname;
    let here = location.pathname;
    if (!caseSensitive) {
      path = path.toLowerCase();
      here = here.toLowerCase();
    }
    const endSlash = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
    const isActive = here === path || (!end && here.startsWith(path) && here.charAt(endSlash) === "/");
    const state = { isActive, isPending: false, isTransitioning: false };
    const { attributes, discovered } = anchorAttributes(rest);
    // The attributes in the order react-router-dom's NavLink and Link give them.
    return (
      <a
        {...attributes}
        data-discover={discovered ? "true" : undefined}
        aria-current={isActive ? ariaCurrent : undefined}
        className={
          typeof className === "function"
            ? className(state)
            : [className ?? "", isActive ? "active" : null].filter(Boolean).join(" ")
        }
        style={typeof style === "function" ? style(state) : style}
        href={to}
        target={target}
      >
        {typeof children === "function" ? children(state) : children}
      </a>
    );
  },
);

export const Link: typeof RemixLink = import.meta.env.SSR ? ServerLink : RemixLink;
export const NavLink: typeof RemixNavLink = import.meta.env.SSR ? ServerNavLink : RemixNavLink;
