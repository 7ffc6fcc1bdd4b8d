/**
 * Guided-help bodies of spec 2.2 for the schema tests: a realistic resume-quickpick answer with
 * every field filled in, and a list's paginationInfo.
 */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const pagination = (over: Json = {}): Json => ({
  count: 2,
  pagenum: 1,
  pagesize: 10,
  link: [{ rel: 'self', href: '/portals/KA-01234/gh/profiles?$pagenum=1' }],
  ...over,
});

/** A realistic 200 body of resume-quickpick, with every field of 2.2 filled in. */
export function fullBody(): Json {
  return {
    casebase: {
      casebaseId: '1001',
      name: 'Printer troubleshooting (release 7)',
      id: '2007',
      status: 'live',
      profiles: {
        profile: [
          { id: '1', name: 'System profile' },
          { id: '14', name: 'Support agents' },
        ],
        paginationInfo: pagination(),
      },
      searchSettings: { closeSessionOnAccept: true, closeSessionOnReject: false },
      languages: {
        KbLanguage: [
          { name: 'English (United States)', code: 'en-US' },
          { name: 'French (Canada)', code: 'fr-CA' },
        ],
      },
      link: { rel: 'casebaserelease', href: '/portals/KA-01234/gh/casebasereleases/2007' },
    },
    actionSearch: [
      {
        acceptCount: 12,
        rejectCount: 3,
        hasAdditionalInfo: true,
        metadata: [{ title: 'Tip', additionalInformation: 'Unplug first', action: 'open' }],
        articleId: 'PRN-000123',
        caseId: '5501',
        passedThresholdValue: true,
        shortName: 'reset',
        score: 87,
        name: 'Reset the printer',
        actionId: '9001',
        type: 'article',
        articleType: { articleCategoryId: 1, typeName: 'Troubleshooting', useStructuredAuthoring: false, articleTypeId: '7' },
      },
    ],
    answeredQuestion: [
      {
        id: '301',
        title: 'Which light is blinking?',
        type: 'list',
        format: 'radioButton',
        shortName: 'light',
        hasAdditionalInfo: false,
        hasAction: false,
        validAnswer: [
          {
            id: '3011',
            depth: 0,
            isInvisible: false,
            text: 'The orange one',
            image: { href: '/img/orange.png' },
            conceptName: 'orangeLight',
            conceptId: '77',
            lowerValue: 0,
            upperValue: 10,
            enumLowerValue: 'low',
            enumUpperValue: 'high',
            lowerInclusive: true,
            upperInclusive: false,
            partialMin: 0,
            partialMax: 5,
          },
        ],
        previousAnswer: [{ id: '3011' }],
        validAnswerRange: { id: 'r1', min: 0, max: 99.5, minInclusive: true, maxInclusive: false },
        metadata: [{ title: 'Where', additionalInformation: 'Front panel' }],
        customAttributes: [
          { name: 'severity', value: '2', type: 'INTEGER' },
          { name: 'since', value: '2024-01-01T00:00:00Z', type: 'DATETIME' },
        ],
        answerSource: 'user',
      },
    ],
    caseSearch: [
      {
        acceptCount: 4,
        rejectCount: 1,
        action: [{ id: '9001', title: 'Reset the printer', type: 'article', shortName: 'reset', rejectCount: 1, acceptCount: 4, metadata: [] }],
        additionalInfo: false,
        metadata: [],
        caseId: '5501',
        passedThresholdValue: true,
        shortName: 'orange-light',
        score: 0.87,
        title: 'Orange light blinking',
        type: 'Article',
      },
    ],
    dynamicSearch: [
      {
        dynamicCluster: [{ id: 'dc1', title: 'Paper problems' }],
        parentClusterId: '40',
        type: 'article',
        virtualCase: [
          {
            id: 'vc1',
            dynamicClusterId: 'dc1',
            title: 'Paper jam',
            virtualCaseId: 'v-1',
            detailField: [{ id: 'PRN-000124', detailLink: '/articles/PRN-000124', detailType: 'article', fieldName: 'body' }],
            displayField: [{ id: 'PRN-000124', content: '<p>Open tray 2.</p>', fieldName: { label: 'Body' } }],
          },
        ],
      },
    ],
    unansweredQuestion: [
      {
        id: '302',
        title: 'How many pages jammed?',
        type: 'numeric',
        format: 'number',
        shortName: 'pages',
        hasAdditionalInfo: false,
        hasAction: true,
        validAnswer: [],
        metadata: [],
        customAttributes: [{ name: 'unit', value: 'pages', type: 'STRING' }],
      },
    ],
    startupQuestion: [{ id: '300', title: 'Model?' }],
    targetClusters: [{ id: '40' }, { id: '41' }],
  };
}
