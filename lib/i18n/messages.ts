// Texts of the public pages (memorial page, confirmation page) in the four languages.
// Every language has every key: the type below makes a missing translation a compile error.
import type { Language } from "./languages";

export interface PublicMessages {
  siteName: string;
  languageSwitch: string;
  skipToContent: string;
  memorialOf: string;
  globalLead: (operator: string) => string;
  anonymousLead: string;
  born: string;
  died: string;
  portraitAlt: (name: string) => string;
  deceasedLink: string;
  deceasedLinkNote: string;
  treesHeading: string;
  treesPlural: (n: number) => string;
  co2Label: string;
  co2Explained: string;
  noTreeYet: string;
  /** Trees of the confirmation waiting for stock (the planting queue). */
  treesOnTheirWay: (n: number) => string;
  showingLatest: (shown: string, total: string) => string;
  plantedOn: string;
  plantedBy: string;
  message: string;
  species: string;
  maxHeight: (m: string) => string;
  lifespan: (years: string) => string;
  co2PerTree: (kg: string) => string;
  site: string;
  mapHeading: string;
  mapAlt: (sites: string) => string;
  mapSiteTrees: (n: number) => string;
  shareDescription: (title: string, trees: number) => string;
  shareDescriptionAnonymous: (trees: number) => string;
  // Share block of the memorial page
  shareHeading: string;
  shareEmail: string;
  shareOn: (network: string) => string;
  shareCopyLink: string;
  shareLinkCopied: string;
  shareNative: string;
  newTab: string;
  // Certificate and QR code (links on the page, and the PDF)
  keepsakeHeading: string;
  keepsakeText: string;
  certificateLink: (size: string) => string;
  qrLink: (format: string) => string;
  certificateTitle: string;
  moreTrees: (n: string, count: number) => string;
  certificateScan: string;
  certificateIssued: (date: string) => string;
  figure: (label: string, value: string) => string;
  notFoundTitle: string;
  notFoundText: string;
  home: string;
  footer: string;
  // Confirmation page
  confirmTitle: string;
  confirmIntro: (operator: string) => string;
  confirmWhat: string;
  confirmMemorial: string;
  confirmRequestedBy: string;
  confirmFamily: string;
  confirmEffect: string;
  confirmExpires: (date: string) => string;
  confirmButton: string;
  confirmUsedTitle: string;
  confirmUsedText: string;
  confirmUsedLink: string;
  confirmExpiredTitle: string;
  confirmExpiredText: string;
  confirmUnknownTitle: string;
  confirmUnknownText: string;
  confirmRefusedTitle: string;
  confirmRefusedText: string;
  // Home page
  homeLead: string;
  homePartners: string;
  // The memorial page right after the family confirmed it (?confirmed=1)
  confirmedTitle: string;
  confirmedText: string;
  // The family's management page (/manage/{token})
  manageTitle: string;
  manageIntro: string;
  manageMemorial: string;
  manageState: string;
  manageStateVisible: string;
  manageStateHidden: string;
  manageHideHeading: string;
  manageHideHelp: string;
  manageHide: string;
  manageShow: string;
  manageAnonymousHeading: string;
  manageAnonymousHelp: string;
  manageAnonymise: string;
  manageUnanonymise: string;
  manageAnonymousByOperator: string;
  // The family's choice of an anonymous memorial's title (issue 18.5).
  manageTitleHelp: string;
  manageTitleInitials: string;
  manageTitleName: string;
  manageMessagesHeading: string;
  manageMessagesHelp: string;
  manageNoMessage: string;
  manageHideMessage: string;
  manageShowMessage: string;
  manageMessageHidden: string;
  manageDone: string;
  manageView: string;
  manageAwaiting: string;
  manageExpires: (date: string) => string;
  manageExpiredTitle: string;
  manageExpiredText: string;
  manageUnknownTitle: string;
  manageUnknownText: string;
  manageRefusedTitle: string;
  manageRefusedText: string;
  manageInvalidText: string;
}

const fr: PublicMessages = {
  siteName: "Arbres du souvenir",
  languageSwitch: "Langue",
  skipToContent: "Aller au contenu",
  memorialOf: "En mémoire de",
  globalLead: (operator) => `Les arbres plantés par ${operator}.`,
  anonymousLead: "Des arbres plantés en mémoire d’une personne disparue.",
  born: "Naissance",
  died: "Décès",
  portraitAlt: (name) => `Portrait de ${name}`,
  deceasedLink: "Page de l’avis de décès",
  deceasedLinkNote: "sur le site de l’opérateur",
  treesHeading: "Les arbres plantés",
  treesPlural: (n) => (n <= 1 ? "Arbre planté" : "Arbres plantés"),
  co2Label: "CO₂ absorbé",
  co2Explained: "Estimation pour l’ensemble des arbres au cours de leur croissance.",
  noTreeYet: "Aucun arbre n’a encore été planté.",
  treesOnTheirWay: (n) =>
    n <= 1
      ? "Un arbre est en route : il sera planté très bientôt."
      : `${n} arbres sont en route : ils seront plantés très bientôt.`,
  showingLatest: (shown, total) => `Les ${shown} arbres les plus récents sur ${total}.`,
  plantedOn: "Planté le",
  plantedBy: "De la part de",
  message: "Message",
  species: "Espèce",
  maxHeight: (m) => `jusqu’à ${m} de haut`,
  lifespan: (years) => `vit jusqu’à ${years}`,
  co2PerTree: (kg) => `${kg} de CO₂ par arbre`,
  site: "Lieu de plantation",
  mapHeading: "Où poussent les arbres",
  mapAlt: (sites) => `Carte de l’Europe de l’Ouest montrant les lieux de plantation : ${sites}.`,
  mapSiteTrees: (n) => (n <= 1 ? `${n} arbre` : `${n} arbres`),
  shareDescription: (title, trees) =>
    trees <= 1
      ? `${trees} arbre planté en mémoire de ${title}.`
      : `${trees} arbres plantés en mémoire de ${title}.`,
  shareDescriptionAnonymous: (trees) =>
    trees <= 1
      ? `${trees} arbre planté en mémoire d’un être cher.`
      : `${trees} arbres plantés en mémoire d’un être cher.`,
  shareHeading: "Partager",
  shareEmail: "Par e-mail",
  shareOn: (network) => `Sur ${network}`,
  shareCopyLink: "Copier le lien",
  shareLinkCopied: "Lien copié.",
  shareNative: "Partager…",
  newTab: "(s’ouvre dans un nouvel onglet)",
  keepsakeHeading: "Certificat et code QR",
  keepsakeText:
    "Un certificat à imprimer, et un code QR qui mène à cette page, pour un faire-part ou une carte de remerciement.",
  certificateLink: (size) => `Certificat (PDF, ${size})`,
  qrLink: (format) => `Code QR (${format})`,
  certificateTitle: "Certificat de plantation",
  moreTrees: (n, count) => (count <= 1 ? `… et ${n} autre arbre.` : `… et ${n} autres arbres.`),
  certificateScan: "Scannez ce code pour voir la page du mémorial :",
  certificateIssued: (date) => `Délivré le ${date}.`,
  figure: (label, value) => `${label} : ${value}`,
  notFoundTitle: "Page introuvable",
  notFoundText: "Cette page n’existe pas, ou elle n’est pas publique.",
  home: "Accueil",
  footer: "De vrais arbres, plantés en mémoire de ceux que nous avons perdus.",
  confirmTitle: "Confirmer le mémorial",
  confirmIntro: (operator) => `${operator} propose de créer un mémorial et d’y planter un premier arbre.`,
  confirmWhat: "Ce que vous confirmez",
  confirmMemorial: "Mémorial",
  confirmRequestedBy: "À la demande de",
  confirmFamily: "Famille",
  confirmEffect:
    "En confirmant, la page du mémorial devient publique et le premier arbre est planté. Rien n’est fait tant que vous n’appuyez pas sur le bouton.",
  confirmExpires: (date) => `Ce lien est valable jusqu’au ${date}.`,
  confirmButton: "Confirmer et planter le premier arbre",
  confirmUsedTitle: "Ce lien a déjà été utilisé",
  confirmUsedText: "Le mémorial a déjà été confirmé. Ce lien ne peut servir qu’une fois.",
  confirmUsedLink: "Voir le mémorial",
  confirmExpiredTitle: "Ce lien a expiré",
  confirmExpiredText:
    "Le délai de confirmation est dépassé. Demandez un nouveau lien à l’entreprise qui vous l’a envoyé.",
  confirmUnknownTitle: "Lien inconnu",
  confirmUnknownText: "Ce lien de confirmation n’existe pas. Vérifiez qu’il a été copié en entier.",
  confirmRefusedTitle: "Demande refusée",
  confirmRefusedText: "La confirmation doit être envoyée depuis la page de confirmation elle-même.",
  homeLead:
    "De vrais arbres, plantés en mémoire de ceux que nous avons perdus. Les pompes funèbres, les journaux et les assureurs les plantent au nom des familles ; chaque arbre figure sur la page du mémorial de la personne qu’il honore.",
  homePartners: "Partenaires : l’API est servie sous /v1 ; sa documentation de référence :",
  confirmedTitle: "Mémorial confirmé, merci",
  confirmedText:
    "Le mémorial est maintenant public et le premier arbre est planté. Vous pouvez partager cette page.",
  manageTitle: "Gérer le mémorial",
  manageIntro:
    "Cette page est réservée à la famille : vous pouvez y masquer le mémorial, le rendre anonyme ou masquer le message d’un planteur. Chaque choix peut être annulé.",
  manageMemorial: "Mémorial",
  manageState: "État",
  manageStateVisible: "Public",
  manageStateHidden: "Masqué",
  manageHideHeading: "Visibilité",
  manageHideHelp:
    "Un mémorial masqué n’est plus visible par personne, jusqu’à ce que vous l’affichiez de nouveau.",
  manageHide: "Masquer le mémorial",
  manageShow: "Afficher de nouveau le mémorial",
  manageAnonymousHeading: "Anonymat",
  manageAnonymousHelp:
    "Un mémorial anonyme ne montre ni le nom, ni les dates, ni la photo de la personne disparue.",
  manageAnonymise: "Rendre le mémorial anonyme",
  manageUnanonymise: "Afficher de nouveau le nom",
  manageAnonymousByOperator: "Ce mémorial a été créé anonyme.",
  manageTitleHelp:
    "Le titre du mémorial anonyme : le nom choisi à sa création (à défaut « In memoriam »), ou les initiales du défunt (« In memoriam A. L. »).",
  manageTitleInitials: "Titrer avec les initiales",
  manageTitleName: "Titrer sans les initiales",
  manageMessagesHeading: "Messages des planteurs",
  manageMessagesHelp: "Un message masqué n’apparaît plus sur la page ni sur le certificat.",
  manageNoMessage: "Aucun arbre ne porte de message.",
  manageHideMessage: "Masquer ce message",
  manageShowMessage: "Afficher de nouveau ce message",
  manageMessageHidden: "(masqué)",
  manageDone: "Votre choix est enregistré.",
  manageView: "Voir le mémorial",
  manageAwaiting: "Ce mémorial attend encore d’être confirmé : il n’est pas encore public.",
  manageExpires: (date) => `Ce lien est valable jusqu’au ${date}.`,
  manageExpiredTitle: "Ce lien a expiré",
  manageExpiredText:
    "Demandez un nouveau lien de gestion à l’entreprise qui vous l’a envoyé. Rien n’a été modifié.",
  manageUnknownTitle: "Lien inconnu ou remplacé",
  manageUnknownText:
    "Ce lien de gestion n’existe pas ou a été remplacé par un lien plus récent. Rien n’a été modifié.",
  manageRefusedTitle: "Demande refusée",
  manageRefusedText:
    "Les changements doivent être envoyés depuis la page de gestion elle-même. Rien n’a été modifié.",
  manageInvalidText: "Cette demande ne correspond à rien sur ce mémorial. Rien n’a été modifié.",
};

const nl: PublicMessages = {
  siteName: "Herdenkingsbomen",
  languageSwitch: "Taal",
  skipToContent: "Naar de inhoud",
  memorialOf: "Ter nagedachtenis aan",
  globalLead: (operator) => `De bomen geplant door ${operator}.`,
  anonymousLead: "Bomen geplant ter nagedachtenis aan een overleden persoon.",
  born: "Geboren",
  died: "Overleden",
  portraitAlt: (name) => `Portret van ${name}`,
  deceasedLink: "Pagina van het overlijdensbericht",
  deceasedLinkNote: "op de website van de partner",
  treesHeading: "De geplante bomen",
  treesPlural: (n) => (n === 1 ? "Boom geplant" : "Bomen geplant"),
  co2Label: "CO₂ opgenomen",
  co2Explained: "Schatting voor alle bomen samen tijdens hun groei.",
  noTreeYet: "Er is nog geen boom geplant.",
  treesOnTheirWay: (n) =>
    n === 1
      ? "Er is een boom onderweg: hij wordt binnenkort geplant."
      : `${n} bomen zijn onderweg: ze worden binnenkort geplant.`,
  showingLatest: (shown, total) => `De ${shown} meest recente van ${total} bomen.`,
  plantedOn: "Geplant op",
  plantedBy: "Namens",
  message: "Boodschap",
  species: "Soort",
  maxHeight: (m) => `tot ${m} hoog`,
  lifespan: (years) => `wordt tot ${years} oud`,
  co2PerTree: (kg) => `${kg} CO₂ per boom`,
  site: "Plantlocatie",
  mapHeading: "Waar de bomen groeien",
  mapAlt: (sites) => `Kaart van West-Europa met de plantlocaties: ${sites}.`,
  mapSiteTrees: (n) => (n === 1 ? `${n} boom` : `${n} bomen`),
  shareDescription: (title, trees) =>
    trees <= 1
      ? `${trees} boom geplant ter nagedachtenis aan ${title}.`
      : `${trees} bomen geplant ter nagedachtenis aan ${title}.`,
  shareDescriptionAnonymous: (trees) =>
    trees <= 1
      ? `${trees} boom geplant ter nagedachtenis aan een dierbare.`
      : `${trees} bomen geplant ter nagedachtenis aan een dierbare.`,
  shareHeading: "Delen",
  shareEmail: "Per e-mail",
  shareOn: (network) => `Via ${network}`,
  shareCopyLink: "Link kopiëren",
  shareLinkCopied: "Link gekopieerd.",
  shareNative: "Delen…",
  newTab: "(opent in een nieuw tabblad)",
  keepsakeHeading: "Certificaat en QR-code",
  keepsakeText:
    "Een certificaat om af te drukken, en een QR-code die naar deze pagina leidt, voor een rouwbrief of een bedankkaart.",
  certificateLink: (size) => `Certificaat (PDF, ${size})`,
  qrLink: (format) => `QR-code (${format})`,
  certificateTitle: "Plantcertificaat",
  moreTrees: (n, count) => (count === 1 ? `… en nog ${n} boom.` : `… en nog ${n} bomen.`),
  certificateScan: "Scan deze code om de gedenkpagina te bekijken:",
  certificateIssued: (date) => `Uitgereikt op ${date}.`,
  figure: (label, value) => `${label}: ${value}`,
  notFoundTitle: "Pagina niet gevonden",
  notFoundText: "Deze pagina bestaat niet, of ze is niet openbaar.",
  home: "Home",
  footer: "Echte bomen, geplant ter nagedachtenis aan wie we verloren hebben.",
  confirmTitle: "De gedenkpagina bevestigen",
  confirmIntro: (operator) =>
    `${operator} stelt voor een gedenkpagina aan te maken en er een eerste boom te planten.`,
  confirmWhat: "Wat u bevestigt",
  confirmMemorial: "Gedenkpagina",
  confirmRequestedBy: "Op verzoek van",
  confirmFamily: "Familie",
  confirmEffect:
    "Na bevestiging wordt de gedenkpagina openbaar en wordt de eerste boom geplant. Er gebeurt niets zolang u niet op de knop drukt.",
  confirmExpires: (date) => `Deze link is geldig tot ${date}.`,
  confirmButton: "Bevestigen en de eerste boom planten",
  confirmUsedTitle: "Deze link is al gebruikt",
  confirmUsedText: "De gedenkpagina is al bevestigd. Deze link werkt maar één keer.",
  confirmUsedLink: "De gedenkpagina bekijken",
  confirmExpiredTitle: "Deze link is verlopen",
  confirmExpiredText:
    "De termijn voor bevestiging is verstreken. Vraag een nieuwe link aan het bedrijf dat u deze stuurde.",
  confirmUnknownTitle: "Onbekende link",
  confirmUnknownText: "Deze bevestigingslink bestaat niet. Controleer of hij volledig gekopieerd is.",
  confirmRefusedTitle: "Verzoek geweigerd",
  confirmRefusedText: "De bevestiging moet vanaf de bevestigingspagina zelf verstuurd worden.",
  homeLead:
    "Echte bomen, geplant ter nagedachtenis aan wie we verloren hebben. Uitvaartondernemingen, kranten en verzekeraars planten ze namens families; elke boom staat op de gedenkpagina van de persoon die hij eert.",
  homePartners: "Partners: de API staat onder /v1; de referentiedocumentatie:",
  confirmedTitle: "Gedenkpagina bevestigd, dank u",
  confirmedText: "De gedenkpagina is nu openbaar en de eerste boom is geplant. U kunt deze pagina delen.",
  manageTitle: "De gedenkpagina beheren",
  manageIntro:
    "Deze pagina is voor de familie: u kunt hier de gedenkpagina verbergen, anoniem maken of het bericht van een planter verbergen. Elke keuze kan ongedaan worden gemaakt.",
  manageMemorial: "Gedenkpagina",
  manageState: "Status",
  manageStateVisible: "Openbaar",
  manageStateHidden: "Verborgen",
  manageHideHeading: "Zichtbaarheid",
  manageHideHelp: "Een verborgen gedenkpagina is voor niemand meer zichtbaar, tot u ze weer toont.",
  manageHide: "De gedenkpagina verbergen",
  manageShow: "De gedenkpagina weer tonen",
  manageAnonymousHeading: "Anonimiteit",
  manageAnonymousHelp: "Een anonieme gedenkpagina toont geen naam, data of foto van de overledene.",
  manageAnonymise: "De gedenkpagina anoniem maken",
  manageUnanonymise: "De naam weer tonen",
  manageAnonymousByOperator: "Deze gedenkpagina is anoniem aangemaakt.",
  manageTitleHelp:
    "De titel van de anonieme gedenkpagina: de naam gekozen bij het aanmaken (anders „In memoriam”), of de initialen van de overledene („In memoriam A. L.”).",
  manageTitleInitials: "Titel met de initialen",
  manageTitleName: "Titel zonder de initialen",
  manageMessagesHeading: "Berichten van planters",
  manageMessagesHelp: "Een verborgen bericht staat niet meer op de pagina of op het certificaat.",
  manageNoMessage: "Geen enkele boom heeft een bericht.",
  manageHideMessage: "Dit bericht verbergen",
  manageShowMessage: "Dit bericht weer tonen",
  manageMessageHidden: "(verborgen)",
  manageDone: "Uw keuze is opgeslagen.",
  manageView: "De gedenkpagina bekijken",
  manageAwaiting: "Deze gedenkpagina wacht nog op bevestiging: ze is nog niet openbaar.",
  manageExpires: (date) => `Deze link is geldig tot ${date}.`,
  manageExpiredTitle: "Deze link is verlopen",
  manageExpiredText: "Vraag een nieuwe beheerlink aan het bedrijf dat u deze stuurde. Er is niets gewijzigd.",
  manageUnknownTitle: "Onbekende of vervangen link",
  manageUnknownText:
    "Deze beheerlink bestaat niet of is vervangen door een nieuwere link. Er is niets gewijzigd.",
  manageRefusedTitle: "Verzoek geweigerd",
  manageRefusedText: "Wijzigingen moeten vanaf de beheerpagina zelf verstuurd worden. Er is niets gewijzigd.",
  manageInvalidText: "Dit verzoek komt met niets op deze gedenkpagina overeen. Er is niets gewijzigd.",
};

const en: PublicMessages = {
  siteName: "Memorial trees",
  languageSwitch: "Language",
  skipToContent: "Skip to content",
  memorialOf: "In memory of",
  globalLead: (operator) => `The trees planted by ${operator}.`,
  anonymousLead: "Trees planted in memory of someone who has passed away.",
  born: "Born",
  died: "Died",
  portraitAlt: (name) => `Portrait of ${name}`,
  deceasedLink: "Obituary page",
  deceasedLinkNote: "on the partner's website",
  treesHeading: "The trees planted",
  treesPlural: (n) => (n === 1 ? "Tree planted" : "Trees planted"),
  co2Label: "CO₂ absorbed",
  co2Explained: "Estimate for all the trees over their growth.",
  noTreeYet: "No tree has been planted yet.",
  treesOnTheirWay: (n) =>
    n === 1
      ? "A tree is on its way: it will be planted very soon."
      : `${n} trees are on their way: they will be planted very soon.`,
  showingLatest: (shown, total) => `The ${shown} most recent of ${total} trees.`,
  plantedOn: "Planted on",
  plantedBy: "From",
  message: "Message",
  species: "Species",
  maxHeight: (m) => `up to ${m} tall`,
  lifespan: (years) => `lives up to ${years}`,
  co2PerTree: (kg) => `${kg} of CO₂ per tree`,
  site: "Planting site",
  mapHeading: "Where the trees grow",
  mapAlt: (sites) => `Map of Western Europe showing the planting sites: ${sites}.`,
  mapSiteTrees: (n) => (n === 1 ? `${n} tree` : `${n} trees`),
  shareDescription: (title, trees) =>
    trees === 1
      ? `${trees} tree planted in memory of ${title}.`
      : `${trees} trees planted in memory of ${title}.`,
  shareDescriptionAnonymous: (trees) =>
    trees === 1
      ? `${trees} tree planted in memory of a loved one.`
      : `${trees} trees planted in memory of a loved one.`,
  shareHeading: "Share",
  shareEmail: "By e-mail",
  shareOn: (network) => `On ${network}`,
  shareCopyLink: "Copy link",
  shareLinkCopied: "Link copied.",
  shareNative: "Share…",
  newTab: "(opens in a new tab)",
  keepsakeHeading: "Certificate and QR code",
  keepsakeText:
    "A certificate to print, and a QR code that leads to this page, for a funeral card or a thank-you card.",
  certificateLink: (size) => `Certificate (PDF, ${size})`,
  qrLink: (format) => `QR code (${format})`,
  certificateTitle: "Tree-planting certificate",
  moreTrees: (n, count) => (count === 1 ? `… and ${n} more tree.` : `… and ${n} more trees.`),
  certificateScan: "Scan this code to visit the memorial page:",
  certificateIssued: (date) => `Issued on ${date}.`,
  figure: (label, value) => `${label}: ${value}`,
  notFoundTitle: "Page not found",
  notFoundText: "This page does not exist, or it is not public.",
  home: "Home",
  footer: "Real trees, planted in memory of those we have lost.",
  confirmTitle: "Confirm the memorial",
  confirmIntro: (operator) => `${operator} proposes to create a memorial and plant its first tree.`,
  confirmWhat: "What you are confirming",
  confirmMemorial: "Memorial",
  confirmRequestedBy: "Requested by",
  confirmFamily: "Family",
  confirmEffect:
    "Once you confirm, the memorial page becomes public and the first tree is planted. Nothing happens until you press the button.",
  confirmExpires: (date) => `This link is valid until ${date}.`,
  confirmButton: "Confirm and plant the first tree",
  confirmUsedTitle: "This link has already been used",
  confirmUsedText: "The memorial has already been confirmed. This link works only once.",
  confirmUsedLink: "See the memorial",
  confirmExpiredTitle: "This link has expired",
  confirmExpiredText: "The time to confirm has passed. Ask the company that sent it to you for a new link.",
  confirmUnknownTitle: "Unknown link",
  confirmUnknownText: "This confirmation link does not exist. Check that it was copied in full.",
  confirmRefusedTitle: "Request refused",
  confirmRefusedText: "The confirmation must be sent from the confirmation page itself.",
  homeLead:
    "Real trees, planted in memory of those we have lost. Funeral homes, newspapers and insurers plant them on behalf of families; each tree appears on the memorial page of the person it honours.",
  homePartners: "Partners: the API is served under /v1; its reference:",
  confirmedTitle: "Memorial confirmed, thank you",
  confirmedText: "The memorial is now public and its first tree is planted. You can share this page.",
  manageTitle: "Manage the memorial",
  manageIntro:
    "This page is for the family: here you can hide the memorial, make it anonymous or hide a planter's message. Every choice can be undone.",
  manageMemorial: "Memorial",
  manageState: "State",
  manageStateVisible: "Public",
  manageStateHidden: "Hidden",
  manageHideHeading: "Visibility",
  manageHideHelp: "A hidden memorial is no longer visible to anyone, until you show it again.",
  manageHide: "Hide the memorial",
  manageShow: "Show the memorial again",
  manageAnonymousHeading: "Anonymity",
  manageAnonymousHelp:
    "An anonymous memorial shows neither the name, the dates nor the photo of the deceased.",
  manageAnonymise: "Make the memorial anonymous",
  manageUnanonymise: "Show the name again",
  manageAnonymousByOperator: "This memorial was created anonymous.",
  manageTitleHelp:
    "The anonymous memorial’s title: the name chosen when it was created (else “In memoriam”), or the deceased’s initials (“In memoriam A. L.”).",
  manageTitleInitials: "Title with the initials",
  manageTitleName: "Title without the initials",
  manageMessagesHeading: "Planters' messages",
  manageMessagesHelp: "A hidden message no longer appears on the page or on the certificate.",
  manageNoMessage: "No tree carries a message.",
  manageHideMessage: "Hide this message",
  manageShowMessage: "Show this message again",
  manageMessageHidden: "(hidden)",
  manageDone: "Your choice has been saved.",
  manageView: "See the memorial",
  manageAwaiting: "This memorial is still awaiting confirmation: it is not public yet.",
  manageExpires: (date) => `This link is valid until ${date}.`,
  manageExpiredTitle: "This link has expired",
  manageExpiredText: "Ask the company that sent it to you for a new management link. Nothing was changed.",
  manageUnknownTitle: "Unknown or replaced link",
  manageUnknownText:
    "This management link does not exist or has been replaced by a newer one. Nothing was changed.",
  manageRefusedTitle: "Request refused",
  manageRefusedText: "Changes must be sent from the management page itself. Nothing was changed.",
  manageInvalidText: "This request matches nothing on this memorial. Nothing was changed.",
};

const de: PublicMessages = {
  siteName: "Gedenkbäume",
  languageSwitch: "Sprache",
  skipToContent: "Zum Inhalt",
  memorialOf: "In Erinnerung an",
  globalLead: (operator) => `Die von ${operator} gepflanzten Bäume.`,
  anonymousLead: "Bäume, gepflanzt in Erinnerung an einen verstorbenen Menschen.",
  born: "Geboren",
  died: "Gestorben",
  portraitAlt: (name) => `Porträt von ${name}`,
  deceasedLink: "Seite der Traueranzeige",
  deceasedLinkNote: "auf der Website des Partners",
  treesHeading: "Die gepflanzten Bäume",
  treesPlural: (n) => (n === 1 ? "Baum gepflanzt" : "Bäume gepflanzt"),
  co2Label: "CO₂ gebunden",
  co2Explained: "Schätzung für alle Bäume während ihres Wachstums.",
  noTreeYet: "Noch wurde kein Baum gepflanzt.",
  treesOnTheirWay: (n) =>
    n === 1
      ? "Ein Baum ist unterwegs: Er wird in Kürze gepflanzt."
      : `${n} Bäume sind unterwegs: Sie werden in Kürze gepflanzt.`,
  showingLatest: (shown, total) => `Die ${shown} neuesten von ${total} Bäumen.`,
  plantedOn: "Gepflanzt am",
  plantedBy: "Von",
  message: "Botschaft",
  species: "Art",
  maxHeight: (m) => `bis zu ${m} hoch`,
  lifespan: (years) => `wird bis zu ${years} alt`,
  co2PerTree: (kg) => `${kg} CO₂ pro Baum`,
  site: "Pflanzort",
  mapHeading: "Wo die Bäume wachsen",
  mapAlt: (sites) => `Karte Westeuropas mit den Pflanzorten: ${sites}.`,
  mapSiteTrees: (n) => (n === 1 ? `${n} Baum` : `${n} Bäume`),
  shareDescription: (title, trees) =>
    trees === 1
      ? `${trees} Baum gepflanzt in Erinnerung an ${title}.`
      : `${trees} Bäume gepflanzt in Erinnerung an ${title}.`,
  shareDescriptionAnonymous: (trees) =>
    trees === 1
      ? `${trees} Baum gepflanzt in Erinnerung an einen geliebten Menschen.`
      : `${trees} Bäume gepflanzt in Erinnerung an einen geliebten Menschen.`,
  shareHeading: "Teilen",
  shareEmail: "Per E-Mail",
  shareOn: (network) => `Über ${network}`,
  shareCopyLink: "Link kopieren",
  shareLinkCopied: "Link kopiert.",
  shareNative: "Teilen…",
  newTab: "(öffnet in einem neuen Tab)",
  keepsakeHeading: "Urkunde und QR-Code",
  keepsakeText:
    "Eine Urkunde zum Ausdrucken und ein QR-Code, der zu dieser Seite führt, für eine Traueranzeige oder eine Dankeskarte.",
  certificateLink: (size) => `Urkunde (PDF, ${size})`,
  qrLink: (format) => `QR-Code (${format})`,
  certificateTitle: "Pflanzurkunde",
  moreTrees: (n, count) => (count === 1 ? `… und ${n} weiterer Baum.` : `… und ${n} weitere Bäume.`),
  certificateScan: "Scannen Sie diesen Code, um die Gedenkseite zu besuchen:",
  certificateIssued: (date) => `Ausgestellt am ${date}.`,
  figure: (label, value) => `${label}: ${value}`,
  notFoundTitle: "Seite nicht gefunden",
  notFoundText: "Diese Seite existiert nicht oder ist nicht öffentlich.",
  home: "Startseite",
  footer: "Echte Bäume, gepflanzt in Erinnerung an die Menschen, die wir verloren haben.",
  confirmTitle: "Die Gedenkseite bestätigen",
  confirmIntro: (operator) =>
    `${operator} schlägt vor, eine Gedenkseite anzulegen und einen ersten Baum zu pflanzen.`,
  confirmWhat: "Was Sie bestätigen",
  confirmMemorial: "Gedenkseite",
  confirmRequestedBy: "Im Auftrag von",
  confirmFamily: "Familie",
  confirmEffect:
    "Mit der Bestätigung wird die Gedenkseite öffentlich und der erste Baum gepflanzt. Nichts geschieht, bevor Sie den Knopf drücken.",
  confirmExpires: (date) => `Dieser Link ist gültig bis ${date}.`,
  confirmButton: "Bestätigen und den ersten Baum pflanzen",
  confirmUsedTitle: "Dieser Link wurde bereits verwendet",
  confirmUsedText: "Die Gedenkseite wurde bereits bestätigt. Dieser Link funktioniert nur einmal.",
  confirmUsedLink: "Zur Gedenkseite",
  confirmExpiredTitle: "Dieser Link ist abgelaufen",
  confirmExpiredText:
    "Die Frist für die Bestätigung ist abgelaufen. Bitten Sie das Unternehmen, das ihn Ihnen geschickt hat, um einen neuen Link.",
  confirmUnknownTitle: "Unbekannter Link",
  confirmUnknownText: "Dieser Bestätigungslink existiert nicht. Prüfen Sie, ob er vollständig kopiert wurde.",
  confirmRefusedTitle: "Anfrage abgelehnt",
  confirmRefusedText: "Die Bestätigung muss von der Bestätigungsseite selbst gesendet werden.",
  homeLead:
    "Echte Bäume, gepflanzt in Erinnerung an die Menschen, die wir verloren haben. Bestattungsunternehmen, Zeitungen und Versicherer pflanzen sie im Namen der Familien; jeder Baum erscheint auf der Gedenkseite des Menschen, den er ehrt.",
  homePartners: "Partner: Die API läuft unter /v1; ihre Referenz:",
  confirmedTitle: "Gedenkseite bestätigt, vielen Dank",
  confirmedText:
    "Die Gedenkseite ist jetzt öffentlich und der erste Baum ist gepflanzt. Sie können diese Seite teilen.",
  manageTitle: "Die Gedenkseite verwalten",
  manageIntro:
    "Diese Seite ist für die Familie: Hier können Sie die Gedenkseite verbergen, anonymisieren oder die Nachricht eines Pflanzenden ausblenden. Jede Wahl lässt sich rückgängig machen.",
  manageMemorial: "Gedenkseite",
  manageState: "Status",
  manageStateVisible: "Öffentlich",
  manageStateHidden: "Verborgen",
  manageHideHeading: "Sichtbarkeit",
  manageHideHelp: "Eine verborgene Gedenkseite ist für niemanden mehr sichtbar, bis Sie sie wieder anzeigen.",
  manageHide: "Die Gedenkseite verbergen",
  manageShow: "Die Gedenkseite wieder anzeigen",
  manageAnonymousHeading: "Anonymität",
  manageAnonymousHelp:
    "Eine anonyme Gedenkseite zeigt weder Namen noch Daten noch Foto der verstorbenen Person.",
  manageAnonymise: "Die Gedenkseite anonymisieren",
  manageUnanonymise: "Den Namen wieder anzeigen",
  manageAnonymousByOperator: "Diese Gedenkseite wurde anonym angelegt.",
  manageTitleHelp:
    "Der Titel der anonymen Gedenkseite: der bei der Anlage gewählte Name (sonst „In memoriam“) oder die Initialen der verstorbenen Person („In memoriam A. L.“).",
  manageTitleInitials: "Titel mit den Initialen",
  manageTitleName: "Titel ohne die Initialen",
  manageMessagesHeading: "Nachrichten der Pflanzenden",
  manageMessagesHelp: "Eine ausgeblendete Nachricht erscheint weder auf der Seite noch auf der Urkunde.",
  manageNoMessage: "Kein Baum trägt eine Nachricht.",
  manageHideMessage: "Diese Nachricht ausblenden",
  manageShowMessage: "Diese Nachricht wieder anzeigen",
  manageMessageHidden: "(ausgeblendet)",
  manageDone: "Ihre Wahl wurde gespeichert.",
  manageView: "Zur Gedenkseite",
  manageAwaiting: "Diese Gedenkseite wartet noch auf Bestätigung: Sie ist noch nicht öffentlich.",
  manageExpires: (date) => `Dieser Link ist gültig bis ${date}.`,
  manageExpiredTitle: "Dieser Link ist abgelaufen",
  manageExpiredText:
    "Bitten Sie das Unternehmen, das ihn Ihnen geschickt hat, um einen neuen Verwaltungslink. Es wurde nichts geändert.",
  manageUnknownTitle: "Unbekannter oder ersetzter Link",
  manageUnknownText:
    "Dieser Verwaltungslink existiert nicht oder wurde durch einen neueren ersetzt. Es wurde nichts geändert.",
  manageRefusedTitle: "Anfrage abgelehnt",
  manageRefusedText:
    "Änderungen müssen von der Verwaltungsseite selbst gesendet werden. Es wurde nichts geändert.",
  manageInvalidText: "Diese Anfrage passt zu nichts auf dieser Gedenkseite. Es wurde nichts geändert.",
};

export const PUBLIC_MESSAGES: Record<Language, PublicMessages> = { fr, nl, en, de };

export const messagesFor = (language: Language): PublicMessages => PUBLIC_MESSAGES[language];
