// The paging fields every list of the API answers with: the total, the page, the page's size, how
// many the page holds and whether more pages follow.

export const paging = (
  NombreTotal: number,
  Page: number,
  NombreParPage: number,
  NombreDansLaPage: number,
  Plus: boolean,
) => ({ NombreTotal, Page, NombreParPage, NombreDansLaPage, Plus });
