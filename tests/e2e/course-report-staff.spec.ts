import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("a coordinator is sent away from a professor's course page but reads the course's report on admin/courses/{id}", async ({
  page,
}) => {
  await signIn(page, "coordinator@school.test");
  await page.goto("/admin/courses");
  await page.getByRole("link", { name: "ADU-A1-MW-0911" }).first().click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop();

  await page.goto(`/course/${id}/home`);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/admin/courses/${id}`);
  await page.getByRole("link", { name: "Report, grades and attendance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Student report · ADU-A1-MW-0911" })).toBeVisible();
  const report = page.getByRole("table").first();
  await expect(report.getByRole("columnheader", { name: /Final grade/ })).toBeVisible();
  await expect(report.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Grades per item" })).toBeVisible();
  // Read only: no grade inputs anywhere on the page.
  await expect(page.getByRole("textbox")).toHaveCount(0);
});
