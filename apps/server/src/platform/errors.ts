// One typed catalogue of API errors: a stable code, an HTTP status and a message in both languages.
// Every layer throws AppError; the HTTP layer turns it into `{ error: { code, message } }`.
export const appErrors = {
  NOT_FOUND: { status: 404, pt: 'Recurso não encontrado.', en: 'Resource not found.' },
  BAD_REQUEST: { status: 400, pt: 'Pedido inválido.', en: 'Invalid request.' },
  UNAUTHENTICATED: { status: 401, pt: 'Login necessário', en: 'Sign-in required' },
  FORBIDDEN: {
    status: 403,
    pt: 'Não tem permissão para esta ação.',
    en: 'You do not have permission for this action.',
  },
  VALIDATION: { status: 400, pt: 'Dados inválidos.', en: 'Invalid data.' },
  URL_REQUIRED: {
    status: 400,
    pt: 'Por favor, insira um URL válido para analisar.',
    en: 'Please enter a valid URL to analyse.',
  },
  INVALID_TASK: {
    status: 400,
    pt: 'Pedido de análise inválido: indique task_name (seo_analysis ou ai_optimization) e requested_data.',
    en: 'Invalid analysis request: give task_name (seo_analysis or ai_optimization) and requested_data.',
  },
  PLATFORM_REQUIRED: {
    status: 400,
    pt: 'Indique a plataforma da análise SEO: desktop ou mobile.',
    en: 'Give the SEO analysis platform: desktop or mobile.',
  },
  QUOTA_EXCEEDED: {
    status: 429,
    pt: 'Atingiu o limite diário de análises. Crie uma conta gratuita ou tente novamente amanhã.',
    en: 'You have reached the daily analysis limit. Create a free account or try again tomorrow.',
  },
  TASK_NOT_FOUND: { status: 404, pt: 'Análise não encontrada.', en: 'Analysis not found.' },
  REPORT_LOGIN_REQUIRED: {
    status: 401,
    pt: 'Tem de iniciar sessão para gerar relatórios',
    en: 'You must be logged in to generate reports',
  },
  REPORT_NOT_FOUND: { status: 404, pt: 'Relatório não encontrado.', en: 'Report not found.' },
  REPORT_FILE_MISSING: {
    status: 404,
    pt: 'Este relatório não está disponível para download',
    en: 'This report is not available for download',
  },
  REPORT_TIMEOUT: {
    status: 500,
    pt: 'A análise do relatório não terminou a tempo.',
    en: 'The report analysis did not finish in time.',
  },
  REPORT_ANALYSIS_FAILED: {
    status: 500,
    pt: 'Nenhuma das análises do relatório foi concluída.',
    en: 'None of the report analyses finished.',
  },
  REPORT_RENDER_FAILED: {
    status: 500,
    pt: 'Não foi possível gerar o PDF do relatório.',
    en: 'The report PDF could not be generated.',
  },
  REPORT_STORAGE_FAILED: {
    status: 500,
    pt: 'Não foi possível guardar o ficheiro do relatório.',
    en: 'The report file could not be stored.',
  },
  RATE_LIMITED: {
    status: 429,
    pt: 'Demasiados pedidos. Aguarde uns minutos e tente novamente.',
    en: 'Too many requests. Wait a few minutes and try again.',
  },
  WEB_NOT_BUILT: {
    status: 503,
    pt: 'A aplicação web ainda não foi compilada. Execute npm run build.',
    en: 'The web app has not been built yet. Run npm run build.',
  },
  SHUTTING_DOWN: {
    status: 503,
    pt: 'O servidor está a encerrar. Tente novamente dentro de momentos.',
    en: 'The server is shutting down. Try again in a moment.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    pt: 'O pedido é demasiado grande.',
    en: 'The request is too large.',
  },
  INVALID_TEXT: {
    status: 400,
    pt: 'O texto enviado contém caracteres inválidos (por exemplo, um carácter nulo).',
    en: 'The text sent contains invalid characters (for example, a null character).',
  },
  INVALID_JSON: {
    status: 400,
    pt: 'O corpo do pedido não é JSON válido (ou está aninhado em demasiados níveis).',
    en: 'The request body is not valid JSON (or is nested too deeply).',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    pt: 'Envie os dados em JSON (Content-Type: application/json).',
    en: 'Send the data as JSON (Content-Type: application/json).',
  },
  // Content recommender (issue #15, spec §5).
  SITES_LIMIT: {
    status: 409,
    pt: 'Atingiu o limite de sites acompanhados. Deixe de acompanhar um site para adicionar outro.',
    en: 'You have reached the limit of tracked sites. Stop tracking a site to add another.',
  },
  KNOWLEDGE_NO_RUN: {
    status: 409,
    pt: 'Ainda não há respostas de assistentes de IA para verificar: faça primeiro uma análise de presença em IA deste site.',
    en: 'There are no AI assistant answers to check yet: run an AI presence analysis of this site first.',
  },
  RECOMMENDER_URL_REQUIRED: {
    status: 400,
    pt: 'Por favor insere um URL.',
    en: 'Please enter a URL.',
  },
  RECOMMENDER_SITE_UNREACHABLE: {
    status: 502,
    pt: 'Não foi possível ler a página do seu site. Verifique o endereço e tente novamente.',
    en: 'Your site’s page could not be read. Check the address and try again.',
  },
  LLM_NOT_CONFIGURED: {
    status: 409,
    pt: 'Nenhum assistente de IA está configurado. Ligue um fornecedor (OpenAI, Anthropic, Google, Perplexity ou um modelo local como o Ollama).',
    en: 'No AI assistant is configured. Connect a provider (OpenAI, Anthropic, Google, Perplexity or a local model such as Ollama).',
  },
  COMPETITOR_INVALID_URL: {
    status: 400,
    pt: 'Por favor, insira um URL válido.',
    en: 'Please enter a valid URL.',
  },
  COMPETITOR_DUPLICATE: {
    status: 409,
    pt: 'Este domínio já foi adicionado.',
    en: 'This domain has already been added.',
  },
  // Local directories (issue #17, spec §5 'Informações incompletas').
  DIRECTORY_INCOMPLETE: {
    status: 400,
    pt: 'Por favor, preencha pelo menos o nome do negócio, endereço e cidade.',
    en: 'Please fill in at least the business name, address and city.',
  },
  DIRECTORY_POSTAL_CODE: {
    status: 400,
    pt: 'Código postal inválido: use NNNN-NNN (Portugal) ou NNNNN-NNN (Brasil).',
    en: 'Invalid postal code: use NNNN-NNN (Portugal) or NNNNN-NNN (Brazil).',
  },
  DIRECTORY_PHONE: {
    status: 400,
    pt: 'Número de telefone inválido para Portugal ou Brasil.',
    en: 'Invalid phone number for Portugal or Brazil.',
  },
  INTERNAL: {
    status: 500,
    pt: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    en: 'An unexpected error occurred. Please try again later.',
  },
  CRAWL_MAX_PAGES: {
    status: 400,
    pt: 'O número de páginas tem de estar entre 1 e o máximo permitido.',
    en: 'The number of pages must be between 1 and the allowed maximum.',
  },
  CRAWL_NEAR_DUPLICATE: {
    status: 400,
    pt: 'A semelhança para quase duplicados tem de estar entre 0,5 e 1 (por exemplo 0,85).',
    en: 'The near-duplicate similarity must be between 0.5 and 1 (for example 0.85).',
  },
  CRAWL_RENDER_MODE: {
    status: 400,
    pt: 'A renderização de JavaScript tem de ser automática, ligada ou desligada.',
    en: 'JavaScript rendering must be automatic, on or off.',
  },
  CRAWL_QUOTA_EXCEEDED: {
    status: 429,
    pt: 'Atingiu o limite diário de páginas rastreadas. Tente novamente amanhã.',
    en: 'You have reached the daily limit of crawled pages. Try again tomorrow.',
  },
  // Tracked sites' keyword positions (issue #19): the Google grant stopped working (revoked or expired).
  SEARCH_CONSOLE_RECONNECT: {
    status: 409,
    pt: 'A ligação ao Google Search Console deixou de funcionar (acesso revogado ou expirado). Ligue-o de novo para continuar a medir as posições.',
    en: 'The Google Search Console connection stopped working (access revoked or expired). Connect it again to keep measuring positions.',
  },
  KEYWORD_REQUIRED: {
    status: 400,
    pt: 'Indique uma palavra-chave ou o URL de uma página.',
    en: 'Enter a keyword or the address of a page.',
  },
  KEYWORD_TOO_LONG: {
    status: 400,
    pt: 'A palavra-chave é demasiado longa (máximo 80 caracteres).',
    en: 'The keyword is too long (80 characters at most).',
  },
  LOG_FILE_REQUIRED: {
    status: 400,
    pt: 'Escolha um ficheiro de registo de acessos (.log ou .gz).',
    en: 'Choose an access log file (.log or .gz).',
  },
  BOT_LOG_NOT_FOUND: {
    status: 404,
    pt: 'Análise de registos não encontrada.',
    en: 'Log analysis not found.',
  },
  // A tracked site's log folder / S3 prefix read on a schedule (issue 32).
  BOT_LOGS_FOLDER_OFF: {
    status: 400,
    pt: 'A leitura de registos a partir de uma pasta não está ativa neste servidor. Peça ao administrador para a ativar.',
    en: 'Reading logs from a folder is not turned on on this server. Ask the administrator to turn it on.',
  },
  BOT_LOGS_S3_OFF: {
    status: 400,
    pt: 'A leitura de registos a partir do S3 não está ativa neste servidor. Peça ao administrador para a ativar.',
    en: 'Reading logs from S3 is not turned on on this server. Ask the administrator to turn it on.',
  },
  BOT_LOGS_ROOT_MISSING: {
    status: 503,
    pt: 'A pasta de registos definida pelo administrador não existe neste servidor.',
    en: 'The log folder set by the administrator does not exist on this server.',
  },
  BOT_LOGS_FOLDER_OUTSIDE: {
    status: 400,
    pt: 'Essa pasta fica fora da pasta de registos autorizada pelo administrador. Indique uma pasta dentro dela.',
    en: 'That folder is outside the log folder the administrator allows. Give a folder inside it.',
  },
  BOT_LOGS_FOLDER_MISSING: {
    status: 400,
    pt: 'Essa pasta não existe ou não é uma pasta.',
    en: 'That folder does not exist or is not a folder.',
  },
  BOT_LOGS_S3_URL: {
    status: 400,
    pt: 'Indique um endereço S3 no formato s3://bucket/prefixo/.',
    en: 'Give an S3 address as s3://bucket/prefix/.',
  },
  BOT_LOGS_S3_BUCKET: {
    status: 400,
    pt: 'Esse bucket não está entre os autorizados pelo administrador.',
    en: 'That bucket is not one the administrator allows.',
  },
  BOT_LOGS_S3_NO_BUCKET: {
    status: 400,
    pt: 'Esse bucket não existe.',
    en: 'That bucket does not exist.',
  },
  BOT_LOGS_S3_DENIED: {
    status: 400,
    pt: 'O S3 recusou o pedido do servidor (credenciais, assinatura ou permissões). Peça ao administrador para as verificar.',
    en: "S3 refused the server's request (credentials, signature or permissions). Ask the administrator to check them.",
  },
  BOT_LOGS_S3_UNREACHABLE: {
    status: 502,
    pt: 'Não foi possível contactar o S3. Tente novamente mais tarde.',
    en: 'Could not reach S3. Try again later.',
  },
  // Bot-log sources per workspace and upload caps (issue 40).
  BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE: {
    status: 400,
    pt: 'Essa pasta fica fora da pasta de registos deste espaço de trabalho. Indique um caminho relativo a ela, sem .. nem caminhos absolutos.',
    en: "That folder is outside this workspace's log folder. Give a path relative to it, without .. or absolute paths.",
  },
  BOT_LOGS_WORKSPACE_FOLDER_MISSING: {
    status: 400,
    pt: 'A pasta de registos deste espaço de trabalho ainda não existe no servidor. Peça ao administrador para a criar.',
    en: "This workspace's log folder does not exist on the server yet. Ask the administrator to create it.",
  },
  BOT_LOGS_S3_NOT_GRANTED: {
    status: 400,
    pt: 'Esse prefixo S3 não foi atribuído a este espaço de trabalho: o prefixo tem de começar pelo identificador do espaço de trabalho, como s3://bucket/<identificador>/.',
    en: 'That S3 prefix is not granted to this workspace: the prefix must start with the workspace identifier, as in s3://bucket/<identifier>/.',
  },
  BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE: {
    status: 400,
    pt: 'Esta origem de registos fica fora do espaço de trabalho do site e deixou de ser lida. Indique de novo uma pasta ou um prefixo S3 do espaço de trabalho.',
    en: "This log source is outside the site's workspace and is no longer read. Set a folder or an S3 prefix of the workspace again.",
  },
  LOG_UPLOAD_TOO_LARGE: {
    status: 413,
    pt: 'Este ficheiro de registo passa o tamanho máximo de envio. Comprima-o (gzip) ou divida-o em ficheiros mais pequenos.',
    en: 'This log file is over the upload size limit. Compress it (gzip) or split it into smaller files.',
  },
  LOG_UPLOAD_UNPACKED_TOO_LARGE: {
    status: 413,
    pt: 'Descomprimido, este ficheiro de registo é demasiado grande (ou comprime-se muito mais do que um registo). Divida-o em ficheiros mais pequenos.',
    en: 'Decompressed, this log file is too large (or compresses far more than a log does). Split it into smaller files.',
  },
  LOG_UPLOADS_BUSY: {
    status: 429,
    pt: 'Já tem o número máximo de envios de registos em curso. Espere que um termine e tente novamente.',
    en: 'You already have the maximum number of log uploads in progress. Wait for one to finish and try again.',
  },
  // Personal API tokens and /api/v1 (issue #31).
  TOKEN_INVALID: {
    status: 401,
    pt: 'Token de API inválido, expirado ou revogado.',
    en: 'Invalid, expired or revoked API token.',
  },
  TOKEN_SCOPE: {
    status: 403,
    pt: 'Este token de API não tem a permissão necessária para esta ação.',
    en: 'This API token does not have the permission this action needs.',
  },
  TOKEN_NOT_ALLOWED: {
    status: 403,
    pt: 'Os tokens de API só funcionam em /api/v1 e /mcp, nunca nas rotas da conta.',
    en: 'API tokens work only on /api/v1 and /mcp, never on account routes.',
  },
  TOKEN_LIMIT: {
    status: 400,
    pt: 'Atingiu o número máximo de tokens de API. Revogue um antes de criar outro.',
    en: 'You have reached the maximum number of API tokens. Revoke one before creating another.',
  },
  TOKEN_RATE_LIMITED: {
    status: 429,
    pt: 'Demasiados pedidos com este token de API. Aguarde um minuto e tente novamente.',
    en: 'Too many requests with this API token. Wait a minute and try again.',
  },
  CRAWL_NOT_FOUND: { status: 404, pt: 'Rastreio não encontrado.', en: 'Crawl not found.' },
  CRAWL_NOT_COMPARABLE: {
    status: 409,
    pt: 'Só se comparam rastreios terminados com as páginas guardadas: espere que o rastreio termine ou faça um novo.',
    en: 'Only finished crawls with their stored pages can be compared: wait for the crawl to finish or run a new one.',
  },
  CRAWL_RENDER_MODES_DIFFER: {
    status: 409,
    pt: 'Estes rastreios leram as páginas de formas diferentes (um renderizou o JavaScript, o outro leu o HTML inicial): a comparação mediria a definição, não o site. Compare rastreios feitos com a mesma definição de renderização.',
    en: 'These crawls read the pages differently (one rendered JavaScript, the other read the raw HTML): comparing them would measure the setting, not the site. Compare crawls made with the same render setting.',
  },
  WEBHOOK_URL: {
    status: 400,
    pt: 'Indique um endereço https público para o webhook (endereços privados não são aceites).',
    en: 'Give a public https address for the webhook (private addresses are not accepted).',
  },
  WEBHOOK_LIMIT: {
    status: 409,
    pt: 'Este site já tem 5 webhooks, o máximo. Remova um antes de adicionar outro.',
    en: 'This site already has 5 webhooks, the maximum. Remove one before adding another.',
  },
  INDEXNOW_KEY: {
    status: 400,
    pt: 'A chave IndexNow deve ter entre 8 e 128 caracteres: letras, algarismos e hífenes.',
    en: 'The IndexNow key must be 8 to 128 characters: letters, digits and hyphens.',
  },
  INDEXNOW_KEY_FILE: {
    status: 400,
    pt: 'Não encontrámos a chave no ficheiro https://<site>/<chave>.txt. Publique o ficheiro com a chave e tente novamente.',
    en: "We didn't find the key in the file https://<site>/<key>.txt. Publish the file with the key and try again.",
  },
  WORKSPACE_NAME: {
    status: 400,
    pt: 'O nome do espaço de trabalho deve ter entre 1 e 80 caracteres.',
    en: 'The workspace name must have 1 to 80 characters.',
  },
  INVITATION_INPUT: {
    status: 400,
    pt: 'Indique um email válido e um papel: admin, membro ou cliente.',
    en: 'Give a valid email and a role: admin, member or client.',
  },
  INVITATION_INVALID: {
    status: 404,
    pt: 'Este convite não existe, expirou, já foi usado ou é para outro endereço de email.',
    en: 'This invitation does not exist, has expired, was already used or is for another email address.',
  },
  INVITATION_LIMIT: {
    status: 409,
    pt: 'Este espaço de trabalho atingiu o máximo de convites pendentes. Cancele um convite antes de enviar outro.',
    en: 'This workspace has reached the maximum of pending invitations. Cancel an invitation before sending another.',
  },
  INVITATION_RATE_WORKSPACE: {
    status: 429,
    pt: 'Este espaço de trabalho já enviou o máximo de convites permitido numa hora. Tente novamente mais tarde.',
    en: 'This workspace has sent the most invitations allowed in an hour. Try again later.',
  },
  INVITATION_RATE_INVITER: {
    status: 429,
    pt: 'Já enviou o máximo de convites permitido numa hora. Tente novamente mais tarde.',
    en: 'You have sent the most invitations allowed in an hour. Try again later.',
  },
  WORKSPACE_CONFIRM: {
    status: 400,
    pt: 'Para eliminar o espaço de trabalho, escreva o nome dele exatamente como aparece.',
    en: 'To delete the workspace, type its name exactly as shown.',
  },
  PERSONAL_WORKSPACE: {
    status: 403,
    pt: 'O seu espaço de trabalho pessoal não pode ser eliminado nem abandonado.',
    en: 'Your personal workspace cannot be deleted or left.',
  },
  ALREADY_MEMBER: {
    status: 409,
    pt: 'Esta pessoa já é membro deste espaço de trabalho.',
    en: 'This person is already a member of this workspace.',
  },
  BRAND_INPUT: {
    status: 400,
    pt: 'Indique um nome (até 80 caracteres), uma cor #rrggbb, um logótipo PNG, JPEG ou WebP até 150 kB e um contacto até 200 caracteres.',
    en: 'Give a name (up to 80 characters), a #rrggbb colour, a PNG, JPEG or WebP logo up to 150 kB and a contact up to 200 characters.',
  },
  SCHEDULE_INPUT: {
    status: 400,
    pt: 'Indique a frequência (semanal ou mensal) e entre 1 e 10 emails válidos.',
    en: 'Give the frequency (weekly or monthly) and 1 to 10 valid emails.',
  },
  LINK_INPUT: {
    status: 400,
    pt: 'Indique por quantos dias o link vale: de 1 a 90.',
    en: 'Give how many days the link is valid: 1 to 90.',
  },
  SHARE_NOT_CLIENT: {
    status: 400,
    pt: 'Só se partilham sites com clientes deste espaço de trabalho.',
    en: 'Sites are shared only with clients of this workspace.',
  },
  LAST_OWNER_LEAVE: {
    status: 409,
    pt: 'É o único proprietário deste espaço de trabalho: torne outro membro proprietário antes de sair, ou elimine o espaço de trabalho.',
    en: 'You are the only owner of this workspace: make another member an owner before leaving, or delete the workspace.',
  },
  LAST_OWNER: {
    status: 409,
    pt: 'Um espaço de trabalho precisa de pelo menos um proprietário. Torne outro membro proprietário antes de remover ou mudar o papel deste.',
    en: 'A workspace needs at least one owner. Make another member an owner before removing this one or changing their role.',
  },
  MEMBER_ROLE_INPUT: {
    status: 400,
    pt: 'Escolha um papel: proprietário, admin, membro ou cliente.',
    en: 'Choose a role: owner, admin, member or client.',
  },
  // Google's AI Overviews and AI Mode (issue 43), read through DataForSEO.
  OVERVIEWS_NOT_CONFIGURED: {
    status: 409,
    pt: 'A leitura das respostas de IA da Google ainda não está ligada nesta instalação. Peça ao administrador para ligar o DataForSEO.',
    en: "Reading Google's AI answers is not connected on this installation yet. Ask the administrator to connect DataForSEO.",
  },
  OVERVIEWS_PROVIDER_AUTH: {
    status: 502,
    pt: 'O DataForSEO recusou o acesso desta instalação. O administrador deve verificar o utilizador e a palavra-passe da API.',
    en: "DataForSEO refused this installation's access. The administrator should check the API login and password.",
  },
  OVERVIEWS_PAYMENT_REQUIRED: {
    status: 502,
    pt: 'A conta DataForSEO desta instalação não tem saldo. As respostas já lidas ficaram guardadas; o administrador deve carregar a conta.',
    en: "This installation's DataForSEO account has no balance left. The answers already read are kept; the administrator should top up the account.",
  },
  OVERVIEWS_RATE_LIMITED: {
    status: 429,
    pt: 'O DataForSEO está a limitar os pedidos desta instalação. Tente de novo dentro de um minuto.',
    en: 'DataForSEO is limiting this installation’s requests. Try again in a minute.',
  },
  OVERVIEWS_INVALID_REQUEST: {
    status: 400,
    pt: 'O DataForSEO recusou uma das palavras-chave ou o local escolhido.',
    en: 'DataForSEO refused one of the keywords or the chosen location.',
  },
  OVERVIEWS_PROVIDER_ERROR: {
    status: 502,
    pt: 'O DataForSEO não respondeu como esperado. Tente de novo mais tarde.',
    en: 'DataForSEO did not answer as expected. Try again later.',
  },
  OVERVIEWS_NOT_CONFIRMED: {
    status: 400,
    pt: 'Confirme o número de pedidos e o custo estimado antes de executar.',
    en: 'Confirm the number of calls and the estimated cost before running.',
  },
  OVERVIEWS_ESTIMATE_CHANGED: {
    status: 409,
    pt: 'O custo estimado mudou desde que o viu. Reveja a estimativa e confirme de novo.',
    en: 'The estimated cost has changed since you saw it. Review the estimate and confirm again.',
  },
  OVERVIEWS_SEARCH_CONSOLE: {
    status: 409,
    pt: 'Para usar as pesquisas do Google Search Console, ligue a sua conta Google com acesso ao Search Console (na página dos sites acompanhados).',
    en: 'To use the Google Search Console queries, connect your Google account with Search Console access (on the tracked sites page).',
  },
  OVERVIEWS_INPUT: {
    status: 400,
    pt: 'Indique o site e entre 1 e 500 palavras-chave (até 80 caracteres cada).',
    en: 'Give the site and between 1 and 500 keywords (up to 80 characters each).',
  },
} as const satisfies Record<string, { status: number; pt: string; en: string }>

export type AppErrorCode = keyof typeof appErrors
export type Lang = 'pt' | 'en'

export class AppError extends Error {
  readonly code: AppErrorCode
  /** Field-level problems for VALIDATION errors: field name → translated messages. */
  readonly fields: Record<string, Record<Lang, string>> | undefined
  constructor(code: AppErrorCode, detail?: string, fields?: Record<string, Record<Lang, string>>) {
    super(detail ?? code)
    this.name = 'AppError'
    this.code = code
    this.fields = fields
  }
  get status(): number {
    return appErrors[this.code].status
  }
}

/** The body every API error answers with, in the request's language. */
export function errorBody(code: AppErrorCode, lang: Lang, fields?: Record<string, Record<Lang, string>>) {
  const body: { code: AppErrorCode; message: string; fields?: Record<string, string> } = {
    code,
    message: appErrors[code][lang],
  }
  if (fields) body.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[lang]]))
  return { error: body }
}

/** Portuguese unless the client prefers English (explicit `lang` wins over Accept-Language). */
export function requestLang(
  explicit: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Lang {
  if (explicit === 'en' || explicit === 'pt') return explicit
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'pt'
}
