import { type MetaFunction } from "@remix-run/node";

// Every page's <title> is the `title` its loader returns, already translated
// on the server (a page of no data, e.g. an error, keeps the fallback).

const titleOf = (data: unknown, fallback: string) =>
  data && typeof data === "object" && "title" in data && typeof data.title === "string" ? data.title : fallback;

/** `export const meta = titleMeta;` */
export const titleMeta: MetaFunction = ({ data }) => [{ title: titleOf(data, "") }];

/** `export const meta = titleMetaOr("Dashboard");` where the page had a title without data. */
export const titleMetaOr =
  (fallback: string): MetaFunction =>
  ({ data }) => [{ title: titleOf(data, fallback) }];
