/**
 * Terms of use and privacy policy. Plain paragraphs and lists; a section with `contact` ends with a link
 * to the contact page (where the configured contact addresses are shown).
 */
import type { Bilingual } from '../guides/content-kit.ts'

interface LegalSection {
  id: string
  heading: Bilingual
  paragraphs: Bilingual<string[]>
  list?: Bilingual<string[]>
  contact?: boolean
}

export interface LegalDocument {
  updated: string
  sections: LegalSection[]
}

export const privacyPolicy: LegalDocument = {
  updated: '2026-11-22',
  sections: [
    {
      id: 'responsavel',
      heading: { pt: 'Quem é o responsável pelos seus dados', en: 'Who is responsible for your data' },
      paragraphs: {
        pt: [
          'O responsável pelo tratamento dos dados pessoais recolhidos neste site é o Farol, a entidade que opera esta instalação do serviço. Para qualquer questão sobre privacidade ou para exercer os seus direitos, use o endereço de contacto indicado na página de contacto.',
          'Esta política explica que dados recolhemos, para quê, com que fundamento legal, durante quanto tempo os guardamos e que direitos tem, nos termos do Regulamento Geral sobre a Proteção de Dados (RGPD).',
        ],
        en: [
          'The controller of the personal data collected on this site is Farol, the entity that operates this installation of the service. For any privacy question or to exercise your rights, use the contact address shown on the contact page.',
          'This policy explains what data we collect, why, on what legal basis, how long we keep it and what rights you have, under the General Data Protection Regulation (GDPR).',
        ],
      },
      contact: true,
    },
    {
      id: 'dados',
      heading: { pt: 'Que dados recolhemos', en: 'What data we collect' },
      paragraphs: {
        pt: ['Recolhemos apenas o necessário para prestar o serviço:'],
        en: ['We collect only what is needed to provide the service:'],
      },
      list: {
        pt: [
          'Conta: nome, endereço de email, palavra-passe (guardada apenas como hash, nunca em texto), função (utilizador ou administrador) e preferências (notificações por email, modo escuro, idioma).',
          'Sessões: um identificador de sessão, o endereço IP e o agente do navegador com que iniciou sessão.',
          'Análises: os endereços (URL) que pede para analisar, a data, os resultados da análise e, se tiver conta, a ligação à sua conta. Sem conta, a análise fica associada ao endereço IP apenas para aplicar o limite diário.',
          'Relatórios: os relatórios em PDF que gerar e o estado da sua preparação.',
          'Mensagens de contacto: nome, email, assunto e mensagem que nos enviar.',
          'Registos técnicos: pedidos ao servidor (data, caminho, código de resposta, endereço IP) para segurança e diagnóstico.',
        ],
        en: [
          'Account: name, email address, password (stored only as a hash, never in plain text), role (user or administrator) and preferences (email notifications, dark mode, language).',
          'Sessions: a session identifier, the IP address and the browser user agent you signed in with.',
          'Analyses: the addresses (URLs) you ask us to analyse, the date, the analysis results and, if you have an account, the link to your account. Without an account, the analysis is tied to the IP address only to apply the daily limit.',
          'Reports: the PDF reports you generate and the state of their preparation.',
          'Contact messages: the name, email, subject and message you send us.',
          'Technical logs: requests to the server (date, path, response code, IP address) for security and diagnosis.',
        ],
      },
    },
    {
      id: 'auditoria',
      heading: {
        pt: 'O que o Farol visita quando analisa um site',
        en: 'What Farol visits when it analyses a site',
      },
      paragraphs: {
        pt: [
          'O Farol descarrega apenas as páginas públicas que um utilizador pede para analisar e os ficheiros públicos associados (robots.txt, sitemap, llms.txt e os recursos que um navegador carregaria). Não inicia sessão, não envia formulários e recusa endereços privados ou de redes internas. Não recolhe dados pessoais dos visitantes dos sites analisados.',
        ],
        en: [
          'Farol only downloads the public pages a user asks it to analyse and the related public files (robots.txt, sitemap, llms.txt and the resources a browser would load). It does not sign in, does not submit forms and refuses private or internal network addresses. It does not collect personal data about the visitors of the analysed sites.',
        ],
      },
    },
    {
      id: 'finalidades',
      heading: { pt: 'Finalidades e fundamentos legais', en: 'Purposes and legal bases' },
      paragraphs: { pt: [], en: [] },
      list: {
        pt: [
          'Criar e gerir a sua conta, fazer as análises, guardar o histórico e gerar relatórios: execução do contrato que aceita ao usar o serviço (artigo 6.º, n.º 1, alínea b) do RGPD).',
          'Enviar emails de serviço (confirmação de conta, recuperação de palavra-passe, relatório pronto): execução do contrato. As notificações opcionais podem ser desligadas nas definições.',
          'Responder às mensagens de contacto: diligências a seu pedido e interesse legítimo em responder (alíneas b) e f)).',
          'Proteger o serviço contra abusos (limites de pedidos e de análises por endereço IP, registos técnicos): interesse legítimo na segurança do serviço (alínea f)).',
          'Cumprir obrigações legais, quando existam (alínea c)).',
        ],
        en: [
          'Creating and managing your account, running analyses, keeping the history and generating reports: performance of the contract you accept by using the service (GDPR Article 6(1)(b)).',
          'Sending service emails (account confirmation, password recovery, report ready): performance of the contract. Optional notifications can be turned off in the settings.',
          'Answering contact messages: steps taken at your request and legitimate interest in replying (points (b) and (f)).',
          'Protecting the service against abuse (request and analysis limits per IP address, technical logs): legitimate interest in the security of the service (point (f)).',
          'Meeting legal obligations, where they exist (point (c)).',
        ],
      },
    },
    {
      id: 'conservacao',
      heading: { pt: 'Durante quanto tempo guardamos os dados', en: 'How long we keep data' },
      paragraphs: { pt: [], en: [] },
      list: {
        pt: [
          'Dados da conta, análises e relatórios de utilizadores registados: enquanto a conta existir; apagados no prazo de 30 dias depois de pedir a eliminação da conta.',
          'Análises feitas sem conta: 90 dias.',
          'Sessões: até terminar sessão ou, no máximo, 30 dias sem atividade.',
          'Endereços IP usados nos limites de pedidos e de análises: 24 horas.',
          'Mensagens de contacto: 2 anos depois da última troca de mensagens.',
          'Emails enviados pelo serviço (cópia de envio): 90 dias.',
          'Registos técnicos do servidor: 30 dias.',
        ],
        en: [
          'Account data, analyses and reports of registered users: for as long as the account exists; erased within 30 days after you ask for the account to be deleted.',
          'Analyses made without an account: 90 days.',
          'Sessions: until you sign out or at most 30 days without activity.',
          'IP addresses used for request and analysis limits: 24 hours.',
          'Contact messages: 2 years after the last exchange.',
          'Emails sent by the service (sending copy): 90 days.',
          'Technical server logs: 30 days.',
        ],
      },
    },
    {
      id: 'subcontratantes',
      heading: { pt: 'Com quem partilhamos dados', en: 'Who we share data with' },
      paragraphs: {
        pt: [
          'Por omissão, nenhum: o Farol guarda os dados na sua própria base de dados e não os vende nem os partilha para publicidade. Quando a instalação tem um fornecedor de email configurado, esse fornecedor recebe o endereço de destino e o conteúdo dos emails de serviço, apenas para os entregar, como subcontratante. Se o serviço for alojado num fornecedor de infraestrutura, este atua também como subcontratante. A lista atual de subcontratantes é fornecida a pedido.',
          'Não transferimos dados para fora do Espaço Económico Europeu, salvo se um subcontratante o fizer com as garantias do capítulo V do RGPD, caso em que o indicaremos na lista de subcontratantes.',
        ],
        en: [
          'By default, nobody: Farol keeps data in its own database and neither sells it nor shares it for advertising. When the installation has an email provider configured, that provider receives the recipient address and the content of service emails, only to deliver them, as a processor. If the service is hosted with an infrastructure provider, that provider also acts as a processor. The current list of processors is available on request.',
          'We do not transfer data outside the European Economic Area, unless a processor does so with the safeguards of Chapter V of the GDPR, in which case we will say so in the list of processors.',
        ],
      },
    },
    {
      id: 'cookies',
      heading: { pt: 'Cookies e armazenamento no navegador', en: 'Cookies and browser storage' },
      paragraphs: {
        pt: [
          'O Farol usa apenas dois cookies, ambos necessários ao funcionamento do site: o cookie de sessão, que mantém a sua sessão iniciada (até 30 dias), e o cookie de idioma (farol_lang), que lembra a sua escolha entre português e inglês (1 ano). Não usamos cookies de análise, de publicidade ou de terceiros, nem qualquer ferramenta de rastreio.',
          'No armazenamento local do navegador guardamos o idioma, o último endereço analisado, o estado da visita guiada e o progresso da checklist; no armazenamento de sessão, o estado da análise em curso. Estes dados ficam no seu dispositivo e não são enviados para o Farol.',
        ],
        en: [
          'Farol uses only two cookies, both needed for the site to work: the session cookie, which keeps you signed in (up to 30 days), and the language cookie (farol_lang), which remembers your choice between Portuguese and English (1 year). We use no analytics, advertising or third-party cookies, nor any tracking tool.',
          "In the browser's local storage we keep the language, the last analysed address, the state of the guided tour and the checklist progress; in session storage, the state of the analysis in progress. This data stays on your device and is not sent to Farol.",
        ],
      },
    },
    {
      id: 'direitos',
      heading: { pt: 'Os seus direitos', en: 'Your rights' },
      paragraphs: {
        pt: [
          'Tem direito a aceder aos seus dados, a corrigi-los, a apagá-los, a limitar ou a opor-se ao seu tratamento e a recebê-los num formato portátil. Pode alterar o nome e as preferências diretamente no seu perfil e nas definições. Para os restantes pedidos, incluindo apagar a conta, escreva para o endereço da página de contacto. Respondemos no prazo de um mês, e podemos pedir-lhe que confirme a sua identidade a partir do email da conta.',
        ],
        en: [
          'You have the right to access your data, to correct it, to erase it, to restrict or object to its processing and to receive it in a portable format. You can change your name and preferences directly in your profile and settings. For other requests, including deleting your account, write to the address on the contact page. We answer within one month, and may ask you to confirm your identity from the account email.',
        ],
      },
      contact: true,
    },
    {
      id: 'reclamacao',
      heading: { pt: 'Reclamações', en: 'Complaints' },
      paragraphs: {
        pt: [
          'Se considerar que o tratamento dos seus dados viola o RGPD, pode apresentar reclamação à Comissão Nacional de Proteção de Dados (CNPD), a autoridade de controlo portuguesa (www.cnpd.pt), ou à autoridade do Estado-Membro onde vive ou trabalha. Agradecemos que nos contacte primeiro, para tentarmos resolver a questão.',
        ],
        en: [
          'If you believe the processing of your data breaches the GDPR, you can lodge a complaint with the Comissão Nacional de Proteção de Dados (CNPD), the Portuguese supervisory authority (www.cnpd.pt), or with the authority of the Member State where you live or work. We would appreciate you contacting us first, so we can try to resolve the matter.',
        ],
      },
    },
    {
      id: 'seguranca',
      heading: { pt: 'Segurança', en: 'Security' },
      paragraphs: {
        pt: [
          'As palavras-passe são guardadas com uma função de hash própria para o efeito (scrypt), as sessões são assinadas, as ligações usam HTTPS e o acesso aos dados está limitado às pessoas que operam o serviço. Nenhum sistema é infalível: se detetarmos uma violação de dados que o afete, avisamo-lo e à CNPD nos prazos da lei.',
        ],
        en: [
          'Passwords are stored with a purpose-built hash function (scrypt), sessions are signed, connections use HTTPS and access to data is limited to the people who operate the service. No system is infallible: if we detect a data breach that affects you, we will tell you and the CNPD within the legal deadlines.',
        ],
      },
    },
    {
      id: 'alteracoes',
      heading: { pt: 'Alterações a esta política', en: 'Changes to this policy' },
      paragraphs: {
        pt: [
          'Se mudarmos esta política de forma relevante, avisamos os utilizadores registados por email antes de as alterações entrarem em vigor. A data da última atualização está no topo da página.',
        ],
        en: [
          'If we change this policy in a significant way, we will notify registered users by email before the changes take effect. The date of the last update is at the top of the page.',
        ],
      },
    },
  ],
}

export const termsOfUse: LegalDocument = {
  updated: '2026-11-22',
  sections: [
    {
      id: 'objeto',
      heading: { pt: 'Sobre estes termos', en: 'About these terms' },
      paragraphs: {
        pt: [
          'Estes termos regem a utilização do Farol, um serviço de auditoria de SEO e de otimização para IA. Ao usar o site ou criar uma conta, aceita-os. Se não concordar, não utilize o serviço.',
        ],
        en: [
          'These terms govern the use of Farol, an SEO and AI optimisation audit service. By using the site or creating an account, you accept them. If you do not agree, do not use the service.',
        ],
      },
    },
    {
      id: 'servico',
      heading: { pt: 'O serviço', en: 'The service' },
      paragraphs: {
        pt: [
          'O Farol analisa páginas públicas e apresenta pontuações, evidências e recomendações. A análise de SEO pode ser usada sem conta; a conta gratuita dá acesso à análise de otimização para IA, aos diretórios locais, ao histórico e aos relatórios. Há limites diários de análises por endereço IP e por conta, para que o serviço se mantenha disponível para todos.',
          'As funcionalidades que dependem de um fornecedor de modelos de linguagem só mostram resultados reais quando esse fornecedor está configurado; caso contrário, mostram dados de exemplo identificados como tal.',
        ],
        en: [
          'Farol analyses public pages and presents scores, evidence and recommendations. The SEO analysis can be used without an account; the free account gives access to the AI optimisation analysis, local directories, history and reports. There are daily analysis limits per IP address and per account, so the service stays available to everyone.',
          'Features that depend on a language model provider only show real results when that provider is configured; otherwise they show sample data labelled as such.',
        ],
      },
    },
    {
      id: 'conta',
      heading: { pt: 'A sua conta', en: 'Your account' },
      paragraphs: {
        pt: [
          'Indique um email válido e mantenha a palavra-passe em segredo: é responsável pelo que for feito com a sua conta. Avise-nos se suspeitar de acesso indevido. Pode pedir para apagar a conta a qualquer momento.',
        ],
        en: [
          'Give a valid email address and keep your password secret: you are responsible for what is done with your account. Tell us if you suspect unauthorised access. You can ask for your account to be deleted at any time.',
        ],
      },
    },
    {
      id: 'utilizacao',
      heading: { pt: 'Utilização aceitável', en: 'Acceptable use' },
      paragraphs: {
        pt: ['Ao usar o Farol compromete-se a não:'],
        en: ['When using Farol you agree not to:'],
      },
      list: {
        pt: [
          'analisar sites com o objetivo de os sobrecarregar, atacar ou procurar vulnerabilidades;',
          'contornar os limites de análises, por exemplo com várias contas ou endereços IP;',
          'usar o serviço de forma automatizada em grande escala sem o nosso acordo;',
          'tentar aceder a dados de outros utilizadores ou a partes do serviço que não lhe estão destinadas;',
          'usar os resultados para fins ilegais.',
        ],
        en: [
          'analyse sites in order to overload them, attack them or look for vulnerabilities;',
          'get around the analysis limits, for example with several accounts or IP addresses;',
          'use the service in an automated way at large scale without our agreement;',
          "try to access other users' data or parts of the service not meant for you;",
          'use the results for unlawful purposes.',
        ],
      },
      contact: false,
    },
    {
      id: 'resultados',
      heading: { pt: 'Resultados e limitações', en: 'Results and limitations' },
      paragraphs: {
        pt: [
          'Os resultados descrevem o estado de uma página no momento da análise e têm caráter informativo. As métricas de desempenho variam entre execuções. O Farol não garante posições nos motores de pesquisa nem menções em assistentes de IA, que dependem de fatores fora do nosso controlo.',
        ],
        en: [
          'Results describe the state of a page at the time of the analysis and are for information. Performance metrics vary between runs. Farol does not guarantee positions in search engines or mentions in AI assistants, which depend on factors outside our control.',
        ],
      },
    },
    {
      id: 'propriedade',
      heading: { pt: 'Propriedade intelectual', en: 'Intellectual property' },
      paragraphs: {
        pt: [
          'Pode usar livremente os relatórios e resultados das suas análises, incluindo partilhá-los com clientes. O software, a marca e os textos do Farol (guias, glossário, artigos) continuam a pertencer-nos; pode citá-los com indicação da fonte.',
        ],
        en: [
          "You may freely use the reports and results of your analyses, including sharing them with clients. Farol's software, brand and texts (guides, glossary, articles) remain ours; you may quote them with credit.",
        ],
      },
    },
    {
      id: 'disponibilidade',
      heading: {
        pt: 'Disponibilidade e alterações do serviço',
        en: 'Availability and changes to the service',
      },
      paragraphs: {
        pt: [
          'Esforçamo-nos por manter o Farol disponível, mas pode haver interrupções para manutenção ou por falhas. Podemos mudar, acrescentar ou retirar funcionalidades; se uma alteração afetar de forma relevante os utilizadores registados, avisamos por email.',
        ],
        en: [
          'We strive to keep Farol available, but there may be interruptions for maintenance or because of failures. We may change, add or remove features; if a change significantly affects registered users, we will let them know by email.',
        ],
      },
    },
    {
      id: 'responsabilidade',
      heading: { pt: 'Responsabilidade', en: 'Liability' },
      paragraphs: {
        pt: [
          'Na medida permitida por lei, o Farol não responde por perdas indiretas, como perda de tráfego ou de receitas, resultantes da utilização dos resultados. Nada nestes termos exclui a responsabilidade por dolo ou negligência grave, nem os direitos que a lei reconhece aos consumidores.',
        ],
        en: [
          'To the extent permitted by law, Farol is not liable for indirect losses, such as lost traffic or revenue, resulting from the use of the results. Nothing in these terms excludes liability for wilful misconduct or gross negligence, nor the rights the law grants to consumers.',
        ],
      },
    },
    {
      id: 'suspensao',
      heading: { pt: 'Suspensão e fim da conta', en: 'Suspension and closing an account' },
      paragraphs: {
        pt: [
          'Podemos suspender ou encerrar contas que violem estes termos, depois de aviso sempre que possível. Pode deixar de usar o serviço e pedir a eliminação da conta quando quiser; os dados são apagados como descrito na política de privacidade.',
        ],
        en: [
          'We may suspend or close accounts that breach these terms, after a warning whenever possible. You may stop using the service and ask for your account to be deleted whenever you like; data is erased as described in the privacy policy.',
        ],
      },
    },
    {
      id: 'lei',
      heading: { pt: 'Lei aplicável e litígios', en: 'Governing law and disputes' },
      paragraphs: {
        pt: [
          'Estes termos regem-se pela lei portuguesa, sem prejuízo das normas imperativas de proteção do consumidor do país onde reside. Em caso de litígio de consumo, pode recorrer a uma entidade de resolução alternativa de litígios; a lista está disponível no Portal do Consumidor (www.consumidor.gov.pt).',
        ],
        en: [
          'These terms are governed by Portuguese law, without prejudice to the mandatory consumer protection rules of the country where you live. In a consumer dispute, you can turn to an alternative dispute resolution body; the list is available on the Portuguese Consumer Portal (www.consumidor.gov.pt).',
        ],
      },
    },
    {
      id: 'contacto',
      heading: { pt: 'Contacto', en: 'Contact' },
      paragraphs: {
        pt: ['Para qualquer questão sobre estes termos, use o endereço indicado na página de contacto.'],
        en: ['For any question about these terms, use the address shown on the contact page.'],
      },
      contact: true,
    },
  ],
}
