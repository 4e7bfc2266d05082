// /dashboard/plant: plant a tree (a new memorial, or an orphan tree in the global memorial).

import { listContexts } from "@memorial/lib/dashboard/contexts";
import { translator } from "@memorial/lib/i18n/translate";
import { PlantForm } from "@/components/dashboard/plant-form";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navPlant");

export default async function PlantPage() {
  const session = await requireOperator();
  const t = translator(await dashboardLanguage(session.operatorLanguage), "dashboard");
  const contexts = await listContexts(session.operatorId);
  return (
    <>
      <h1 className="mb-2 font-serif text-2xl text-forest-800 sm:text-3xl">{t("plantTitle")}</h1>
      <p className="mb-6 max-w-prose text-stone-700">{t("plantIntro")}</p>
      <PlantForm contexts={contexts} />
    </>
  );
}
