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
};

export const PUBLIC_MESSAGES: Record<Language, PublicMessages> = { fr, nl, en, de };

export const messagesFor = (language: Language): PublicMessages => PUBLIC_MESSAGES[language];
