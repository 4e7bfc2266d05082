"use client";
// A dashboard page that does not exist, or another operator's memorial (not found, not forbidden:
// its existence is not revealed).
import { useI18n } from "@/components/dashboard/i18n";
import { DashboardLink } from "@/components/dashboard/links";

export default function DashboardNotFound() {
  const { t } = useI18n();
  return (
    <div className="py-10">
      <h1 className="font-serif text-2xl text-forest-800">{t("notFoundTitle")}</h1>
      <p className="mt-3">{t("notFoundText")}</p>
      <p className="mt-6">
        <DashboardLink href="/dashboard/memorials">{t("backToList")}</DashboardLink>
      </p>
    </div>
  );
}
