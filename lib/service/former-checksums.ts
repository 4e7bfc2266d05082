// The checksums that databases migrated while the checksum covered the whole text recorded for the
// migrations whose comment lines were corrected since: SHA-256 of each file's text as it was then
// (`text`), with the checksum of its statements (`statements`), which the correction left as they
// were. Such a database records neither the checksum of the file's statements nor that of its
// present text; the migration runner accepts its former text's checksum while the file's
// statements are still those, and records the statements' checksum instead.
export const FORMER_WHOLE_TEXT_CHECKSUMS: Readonly<Record<string, { text: string; statements: string }>> = {
  "20261123190000_team": {
    text: "a06c87076b07ae6e2cf8e2cb386b9f03e4efa3d5b40107759cff1088c3c409b8",
    statements: "ddae4d7d3c74c61b80975182428526153d48dd40ae1dcfe1d8abe3d0dc1bbc28",
  },
  "20261125153400_webhook_family_events": {
    text: "6f820cdc1c034dbce1ed814345caf40643829dc8c1e73e82e0543c06c12e9234",
    statements: "f2faa12dee2fd4759c23a8ea2d19de2eec780c09fc85d4843fa9762072b73944",
  },
  "20261125153500_anonymous_title": {
    text: "f110ae59369c77023742fa31a35534bdec5f1c3a7d968cc31b50f94b6d7081fd",
    statements: "4d7d29e3c0b8c35ab9aac774d350021f4a376b73223e5ea76859654f46928c3b",
  },
  "20261125153500_name_search": {
    text: "b31aa49895ff5a5d80b519241d08efa68c515fd80649a6e46a33d0377fc6d5c6",
    statements: "6188cdd962f2e81172448035ee7dc7777372a1f2c67ba2f425c0afa6db2b6d05",
  },
  "20261125183300_tree_life": {
    text: "5327b07a506009abf5ce0cf8a92a2e5919dc7f488e6f64e678eb080f913563b4",
    statements: "8bce698b2be2dd56828ff59035f958c6537d8fa85731ecc6d47a344df8fafcfd",
  },
  "20261125191657_reminders": {
    text: "56f772e67ece129d65ec4efbf6a68bc4bacd7ca5e7dab2d4374d735a8393aa58",
    statements: "fd75c410897886b154004fc26e81d0ab44eda463c94151775123c5170a5395b4",
  },
  "20261125191700_closing": {
    text: "21c21cb9d0fa463f15296bdb29d0a583eea31181637e091bf168cd13e49bebe2",
    statements: "8f6f30c7ea2048aef66bee16ab1281f85dbd7d0fe4160fefe652df4422f17fde",
  },
  "20261125191700_guestbook": {
    text: "96887bdb930e39a14912f1563e81fbb67724004737f757089c9f5e696d4fb179",
    statements: "c613c52d3fa9b7d6021981d3fabd0b71328935913b98b17fdd3ec577acb173a8",
  },
  "20261125191700_home": {
    text: "b7477de251b5239d70aa8208b80c4219766c607a459c788d4fe8691c732cd864",
    statements: "6af0d9e3610cee124a0579259e7127fa4a72aef59e6dbdaf521bf8c03b60f7d0",
  },
  "20261125194700_guestbook_webhook_events": {
    text: "11dea95342b831f7d535dcc8b4176101dc89465183b0d2367fbb1bd91cd52ace",
    statements: "d8366cbef1d20c519f8221eaecd4b39549a833dc7e59077c08ed81034d73bc08",
  },
  "20261126160500_one_rate_limit": {
    text: "a2c3f3c4581a9cbc9ba3e819c4c142381a1b4bb076a450cb41cb27855a7f877e",
    statements: "a703ba566c8e13b927f8fb52a00853d1340e692730b907bbe510ed1d8289ae34",
  },
  "20261126171500_plantation_names_i18n": {
    text: "1de2c2ef40d72eb6ce04f5dc5098e6076cc453f7e2440e60512f672d993c1cb5",
    statements: "68698b30cd070a48346c743d4c9ead34d150044363657d56af24ee14797c70fa",
  },
  "20261127020000_visitor_planting": {
    text: "08ddea246dcfd91bda64110bffe62f7760980f91da9845b5e71aaaa14faf4214",
    statements: "79b6300b46d939b4d6b8d399212536f392e7003d98afe42e0b3f01eba2ce59d0",
  },
  "20261127024500_visitor_receipt_sent": {
    text: "770d34e90ecf5fcf5287438784025bc9f944c84e218888ae5951292f0587d329",
    statements: "225f02998e2e9b49a9aa0691b77122365ebb23f43b9d36b6aca16732fde09117",
  },
  "20261127030500_unconfirmed": {
    text: "7b447ade791afeeda589dd9e8bc6cc58fe7044e3d574658694bffd1764fcedb0",
    statements: "4d0b783868c686019b4c39f261549b409cf21246e6345a62aaafbd14534de2d4",
  },
  "20261127100000_tree_move": {
    text: "2a2dff777fd095038064836a96be781c547ecc1b4033e530e38822137e424d6d",
    statements: "0003246072863b94fd42d3ebf62fcc0aa3d7bea967db656864bfe954b4412ceb",
  },
  "20261127110000_memorial_duplicates": {
    text: "8ddb73bfca40ad64333b077a7690a3c0f9c8d8abfaa297bbf1828cdcbd69d033",
    statements: "e745eafbe80051b27e52da0e4745fd5c43a32f41e3ece14485a519893e9bd417",
  },
  "20261127120000_family_rights": {
    text: "2923f1136d0c138778fa31fd5a0c7cb9e5617d7e9855ba1c4770c9d4ba003df5",
    statements: "f3a388b1a2844d70a9521359bb2bd970684a31c14209b9e868b9e8cb4a997a11",
  },
  "20261127130000_receipt_token": {
    text: "1d85cde458820496359270fa89f7f19dbeb9c616aea9ab3813083f90becc3d9b",
    statements: "9f76cfe8ced916f18a36cff6a8503fc3ef168b1af8b23919d47242c36e3b7b22",
  },
  "20261127140000_audit_log": {
    text: "20d92c5262696dc3571b302889fb4fcef668a5be3996f993ea9b95f9b5a56545",
    statements: "aed3912779f6150d6fc795578126b934f344efeca40aa777325336156637f3e6",
  },
  "20261127150000_guestbook_withdraw": {
    text: "5d57518916fc916f93f087159d29c2e842a0fec8fd597e6a17f0f34ab18555b8",
    statements: "6bd3a37b4a9011a41251082a97203927688114d8c7258a31e7e2df264b719af9",
  },
  "20261127160000_person_operator_index": {
    text: "124e903a9930418c588be9687a38e9e7b4e48876163ad7edf61e11679f86f179",
    statements: "1470db191dc9a58676940a2d6062e6e8a5152e2631b265d435e377b642f73dd8",
  },
  "20261127210000_guestbook_withdrawn_event": {
    text: "82c01c46a41810316ee5cb0d6d456890fbd112746a826b5640a7fed0e94fa204",
    statements: "0d20954863a0fb7f121b3680fec71945d7eb054f5b1aa451058b702b48c93b0c",
  },
  "20261127220000_personal_data_erased_event": {
    text: "994692da2a5af297c348c5b2a19b58dd1d63f9c6776d225b4f95e0b2b5a87d24",
    statements: "208ffab6660f09452bf3f344df04b1c254f0c306f3b4e3f766a15547db777ffa",
  },
};
