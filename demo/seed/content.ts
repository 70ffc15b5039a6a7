/**
 * Editorial demo content: article categories, articles, FAQs and the "about"
 * text, in English and Modern Standard Arabic.
 *
 * Pure data, no I/O. Where rules or fees differ between cities or change over
 * time, the text speaks in ranges and points readers to the relevant authority
 * rather than quoting exact figures.
 */
import type { I18nText, PhotoKind } from "./catalog";

export interface DemoArticleCategory {
  key: string;
  slug: string;
  name: I18nText;
}
export interface DemoArticle {
  /** Lowercase ASCII letters, digits and hyphens; unique. */
  slug: string;
  categoryKey: string;
  title: I18nText;
  /** One or two sentences, at most 200 characters in each language. */
  summary: I18nText;
  /** 4–7 plain-text paragraphs separated by a blank line. */
  body: I18nText;
  photoKind: PhotoKind;
  /** 0..11 */
  photoVariant: number;
  /** 1..300, different for every article. */
  publishedDaysAgo: number;
}
export interface DemoFaq {
  question: I18nText;
  answer: I18nText;
  sequence: number;
}
export interface DemoContent {
  articleCategories: DemoArticleCategory[];
  articles: DemoArticle[];
  faqs: DemoFaq[];
  about: I18nText;
}

/** Joins paragraphs with a blank line. */
const p = (...paragraphs: string[]): string => paragraphs.join("\n\n");

const ARTICLE_CATEGORIES: DemoArticleCategory[] = [
  { key: "buying", slug: "buying", name: { en: "Buying", ar: "الشراء" } },
  { key: "renting", slug: "renting", name: { en: "Renting", ar: "الإيجار" } },
  { key: "selling", slug: "selling", name: { en: "Selling", ar: "البيع" } },
  { key: "investing", slug: "investing", name: { en: "Investing", ar: "الاستثمار" } },
  {
    key: "neighbourhoods",
    slug: "neighbourhood-guides",
    name: { en: "Neighbourhood guides", ar: "أدلة الأحياء" },
  },
];

const ARTICLES: DemoArticle[] = [
  /* ---------------------------------------------------------------- Buying */
  {
    slug: "first-time-buyer-checklist-dubai",
    categoryKey: "buying",
    title: { en: "First-time buyer checklist for Dubai", ar: "قائمة المشتري لأول مرة في دبي" },
    summary: {
      en: "A step-by-step checklist for buying your first home in Dubai, from setting a realistic budget to collecting your title deed.",
      ar: "قائمة خطوة بخطوة لشراء أول منزل لك في دبي، من وضع ميزانية واقعية إلى استلام سند الملكية.",
    },
    body: {
      en: p(
        "Start with the full budget, not just the price. On top of the purchase price, buyers in Dubai usually pay the Dubai Land Department transfer fee (commonly around 4% of the price), a registration trustee fee, the agent's commission (often around 2% plus VAT) and, if they borrow, the bank's arrangement and valuation fees plus mortgage registration. Together these can add several percent to the price, and more with a mortgage. Confirm the current fees with the Dubai Land Department before you commit.",
        "Get a mortgage pre-approval early if you need financing. A pre-approval shows how much a bank is willing to lend based on your salary, existing debts and residency status, and it makes your offer more credible to sellers. Pre-approvals are usually valid for a limited period, so time yours with your search. Our mortgage calculator gives a first idea of monthly payments.",
        "Decide where you can buy and what you need. Non-UAE nationals can buy freehold property in designated areas of Dubai such as Dubai Marina, Downtown Dubai, Jumeirah Village Circle and many newer communities. Think about your commute, schools, access to the metro, parking, and the annual service charges of the building or community, which you will pay every year on top of any mortgage.",
        "Work with a registered broker and check the listing. Ask for the broker's registration details and the advert's permit number, and verify them through official Dubai Land Department channels. Visit the property in person, check its condition, and ask for the title deed details, the service charge history, and whether the seller still has a mortgage on the property.",
        "Understand the paperwork. Once you agree a price, buyer and seller usually sign a memorandum of understanding (often called Form F) and the buyer hands over a security deposit cheque, commonly around 10% of the price, which is held until transfer. The seller must obtain a no-objection certificate from the developer confirming that no service charges are outstanding. If the seller has a mortgage, it must be settled before or at transfer.",
        "Transfer and after. The transfer normally takes place at a registration trustee office, where the fees are paid and a new title deed is issued in your name. Afterwards, connect electricity and water with DEWA, register with the building management, and keep copies of every document. If you plan to rent the home out, budget for maintenance and for periods when it may be empty between tenants.",
      ),
      ar: p(
        "ابدأ بالميزانية الكاملة لا بسعر العقار وحده. فإلى جانب سعر الشراء، يدفع المشترون في دبي عادةً رسوم نقل الملكية لدى دائرة الأراضي والأملاك (وهي في الغالب نحو 4% من السعر)، ورسوم مكتب أمين التسجيل، وعمولة الوسيط (وكثيراً ما تكون في حدود 2% مضافاً إليها ضريبة القيمة المضافة)، وإذا كنت ستقترض فهناك رسوم ترتيب التمويل والتقييم لدى البنك ورسوم تسجيل الرهن. وقد تضيف هذه التكاليف مجتمعةً نسبة ملحوظة إلى السعر، وتزيد في حال التمويل العقاري. تحقّق من الرسوم السارية لدى دائرة الأراضي والأملاك قبل أن تلتزم.",
        "احصل على موافقة مبدئية على التمويل مبكراً إن كنت بحاجة إلى قرض. فالموافقة المبدئية تبيّن المبلغ الذي يستعد البنك لإقراضه بناءً على راتبك والتزاماتك الحالية ووضع إقامتك، كما تجعل عرضك أكثر جدية في نظر البائع. وتكون هذه الموافقة صالحة عادةً لفترة محدودة، لذا احرص على أن تتزامن مع فترة بحثك. وتمنحك حاسبة التمويل العقاري لدينا فكرة أولية عن القسط الشهري.",
        "حدّد أين يمكنك الشراء وما الذي تحتاجه. يحق لغير المواطنين تملّك العقارات بنظام التملك الحر في مناطق محددة من دبي مثل دبي مارينا ووسط مدينة دبي وقرية جميرا الدائرية وكثير من المجمعات الحديثة. فكّر في مسافة التنقل إلى العمل، والمدارس، والقرب من المترو، ومواقف السيارات، ورسوم الخدمات السنوية للمبنى أو المجمع، فهي تُدفع كل عام إضافةً إلى أقساط التمويل إن وُجدت.",
        "تعامل مع وسيط مسجّل وتحقّق من الإعلان. اطلب بيانات تسجيل الوسيط ورقم تصريح الإعلان، وتحقّق منهما عبر القنوات الرسمية لدائرة الأراضي والأملاك. عاين العقار بنفسك وافحص حالته، واسأل عن بيانات سند الملكية وسجل رسوم الخدمات، وعمّا إذا كان العقار لا يزال مرهوناً لصالح أحد البنوك.",
        "افهم الأوراق المطلوبة. بعد الاتفاق على السعر يوقّع البائع والمشتري عادةً مذكرة تفاهم (تُعرف غالباً بالنموذج F)، ويسلّم المشتري شيك ضمان يبلغ في الغالب نحو 10% من السعر ويُحتفظ به حتى إتمام النقل. ويجب على البائع الحصول على شهادة عدم ممانعة من المطوّر تؤكد عدم وجود رسوم خدمات مستحقة، وإذا كان العقار مرهوناً فيجب سداد الرهن قبل النقل أو عنده.",
        "النقل وما بعده. يتم نقل الملكية عادةً في أحد مكاتب أمناء التسجيل، حيث تُسدَّد الرسوم ويصدر سند ملكية جديد باسمك. بعد ذلك اشترك في خدمات الكهرباء والماء لدى هيئة كهرباء ومياه دبي، وسجّل لدى إدارة المبنى، واحتفظ بنسخ من جميع المستندات. وإذا كنت تنوي تأجير العقار فخصّص ميزانية للصيانة وللفترات التي قد يبقى فيها شاغراً بين مستأجر وآخر.",
      ),
    },
    photoKind: "interior",
    photoVariant: 3,
    publishedDaysAgo: 4,
  },
  {
    slug: "uae-mortgages-for-expats",
    categoryKey: "buying",
    title: {
      en: "How mortgages for expats work in the UAE",
      ar: "كيف يعمل التمويل العقاري للمقيمين الأجانب في الإمارات",
    },
    summary: {
      en: "Down payments, affordability limits, fixed versus variable rates and the costs to expect when an expat borrows to buy a home in the UAE.",
      ar: "الدفعة المقدمة وحدود القدرة على السداد والفرق بين الفائدة الثابتة والمتغيرة، والتكاليف المتوقعة عند حصول المقيم على تمويل لشراء منزل في الإمارات.",
    },
    body: {
      en: p(
        "Expats living in the UAE can get a mortgage from most local and international banks operating in the country, and some lenders also serve non-residents on stricter terms. Lending is governed by rules from the Central Bank of the UAE, which set maximum loan-to-value ratios and limit how much of your income can go to debt repayments. Each bank then adds its own criteria on salary, employer and length of employment.",
        "Down payment. For a first home below a certain value, expats should generally expect to put down at least 20% of the price, and more (often 30% or higher) for expensive homes, second homes or off-plan purchases. The transfer, agency and registration fees are paid in cash on top of the down payment and usually cannot be financed, so plan for both.",
        "Affordability. Banks add up all your monthly debt payments, including car loans and credit card limits, and compare them with your income; the Central Bank caps this share, commonly cited at around half of income. Loan terms usually run up to 25 years and must normally end before a set retirement age. Closing credit cards you do not use before applying can increase what you are able to borrow.",
        "Fixed versus variable. A fixed rate stays the same for an initial period, typically one to five years, which makes budgeting easier. A variable rate follows a benchmark, usually the Emirates Interbank Offered Rate (EIBOR), plus the bank's margin, so your payment can rise or fall. Most fixed deals switch to a variable rate when the fixed period ends, so compare the follow-on rate and not only the headline rate.",
        "Fees and conditions. Expect a bank arrangement fee, a valuation fee, mortgage registration with the land department, and compulsory life and property insurance. Read the terms for early settlement and partial prepayment carefully; these fees are capped by regulation but still add up. A mortgage broker can compare offers across banks, but ask how the broker is paid.",
        "Before you sign, ask for a written breakdown of every cost, check the bank's valuation against recent transactions, and confirm the latest rules with your bank, since Central Bank regulations and bank policies change over time.",
      ),
      ar: p(
        "يستطيع المقيمون الأجانب في الإمارات الحصول على تمويل عقاري من معظم البنوك المحلية والدولية العاملة في الدولة، كما يقدّم بعض المقرضين التمويل لغير المقيمين بشروط أشد. ويخضع الإقراض لأنظمة مصرف الإمارات العربية المتحدة المركزي التي تحدد الحد الأقصى لنسبة القرض إلى قيمة العقار، وتضع سقفاً لنسبة الدخل التي يمكن تخصيصها لسداد الديون. ثم يضيف كل بنك معاييره الخاصة المتعلقة بالراتب وجهة العمل ومدة الخدمة.",
        "الدفعة المقدمة. في حالة المسكن الأول الذي تقل قيمته عن حد معين، ينبغي أن يتوقع المقيم دفع 20% على الأقل من السعر، ونسبة أعلى (غالباً 30% أو أكثر) للعقارات مرتفعة الثمن أو المسكن الثاني أو الشراء على المخطط. أما رسوم النقل والوساطة والتسجيل فتُدفع نقداً فوق الدفعة المقدمة ولا يمكن تمويلها في العادة، فخطّط للأمرين معاً.",
        "القدرة على السداد. تجمع البنوك كل التزاماتك الشهرية، بما فيها قروض السيارات وحدود البطاقات الائتمانية، وتقارنها بدخلك، ويضع المصرف المركزي سقفاً لهذه النسبة يُشار إليه عادةً بنحو نصف الدخل. وتمتد مدة القرض عادةً حتى 25 عاماً، ويجب أن تنتهي في الغالب قبل سن تقاعد محددة. وقد يؤدي إغلاق البطاقات الائتمانية غير المستخدمة قبل التقديم إلى زيادة المبلغ الذي يمكنك اقتراضه.",
        "الفائدة الثابتة أم المتغيرة. يبقى السعر الثابت دون تغيير خلال فترة أولية تتراوح عادةً بين سنة وخمس سنوات، مما يسهّل وضع الميزانية. أما السعر المتغير فيتبع مؤشراً مرجعياً، هو في الغالب سعر الفائدة السائد بين بنوك الإمارات (إيبور)، مضافاً إليه هامش البنك، فقد يرتفع قسطك أو ينخفض. وتتحول معظم العروض الثابتة إلى سعر متغير بعد انتهاء الفترة الثابتة، لذا قارن السعر اللاحق وليس السعر المعلن وحده.",
        "الرسوم والشروط. توقّع رسوم ترتيب التمويل لدى البنك، ورسوم التقييم، ورسوم تسجيل الرهن لدى دائرة الأراضي، إضافةً إلى تأمين إلزامي على الحياة وعلى العقار. اقرأ بعناية شروط السداد المبكر والسداد الجزئي، فهذه الرسوم محددة بسقف نظامي لكنها تتراكم مع ذلك. ويمكن لوسيط التمويل أن يقارن العروض بين البنوك، لكن اسأل عن طريقة حصوله على أتعابه.",
        "قبل التوقيع، اطلب بياناً مكتوباً بجميع التكاليف، وقارن تقييم البنك بالصفقات الأخيرة، وتأكد من أحدث الأنظمة لدى بنكك، فأنظمة المصرف المركزي وسياسات البنوك تتغير من وقت لآخر.",
      ),
    },
    photoKind: "office",
    photoVariant: 7,
    publishedDaysAgo: 11,
  },
  {
    slug: "what-are-service-charges",
    categoryKey: "buying",
    title: { en: "What service charges are and why they matter", ar: "ما هي رسوم الخدمات ولماذا تهمّك" },
    summary: {
      en: "Service charges pay for shared areas, security and amenities in buildings and communities. Here is how they work and how to check them before you buy.",
      ar: "تغطي رسوم الخدمات تكاليف المرافق المشتركة والأمن والخدمات في المباني والمجمعات. إليك كيف تُحسب وكيف تتحقق منها قبل الشراء.",
    },
    body: {
      en: p(
        "Service charges are annual fees that owners pay for the upkeep of the shared parts of a building or community: lobbies, lifts, corridors, pools, gyms, landscaping, security, cleaning, insurance of the structure and a reserve fund for major repairs. They are paid by the owner, not the tenant, although landlords naturally take them into account when setting the rent.",
        "How they are calculated. In most Gulf freehold developments the charge is set per square foot or square metre of your unit and approved each year. In Dubai, service charge budgets are reviewed and approved through RERA, and owners can look up the approved rates for many buildings. Rates vary widely: a simple low-rise building costs far less per square foot than a luxury tower with a concierge, several pools and a large staff.",
        "What is usually not included. District cooling (chiller) fees, electricity and water, internet and, in some buildings, parking are billed separately. Some communities also have a master community charge on top of the building charge. Ask exactly what is covered so that you can compare two properties fairly.",
        "Why they matter. Service charges directly reduce your rental yield and add to your monthly cost of ownership. Before buying, ask the seller for the latest invoices and make sure there are no arrears; in Dubai the developer's no-objection certificate needed for a transfer is normally issued only once charges are paid. Look at the trend over several years, because sharp increases can signal an ageing building or weak management.",
        "Elsewhere in the region the system differs. In Egypt, many compounds collect a maintenance deposit at handover, often calculated as a percentage of the unit price, plus annual fees, so read the contract carefully. In Saudi Arabia, owners' associations for jointly owned buildings are regulated by the Real Estate General Authority (REGA). Wherever you buy, ask who manages the building, how the budget is set and how owners can raise concerns.",
      ),
      ar: p(
        "رسوم الخدمات مبالغ سنوية يدفعها الملاك لصيانة الأجزاء المشتركة من المبنى أو المجمع، مثل الردهات والمصاعد والممرات وأحواض السباحة والصالات الرياضية والمساحات الخضراء والأمن والنظافة والتأمين على المبنى، إضافةً إلى صندوق احتياطي للإصلاحات الكبرى. ويتحملها المالك لا المستأجر، وإن كان الملاك يأخذونها في الحسبان بطبيعة الحال عند تحديد قيمة الإيجار.",
        "كيف تُحسب. في معظم مشاريع التملك الحر في الخليج تُحدَّد الرسوم بحسب كل قدم مربعة أو متر مربع من مساحة الوحدة، وتُعتمد سنوياً. وفي دبي تُراجَع ميزانيات رسوم الخدمات وتُعتمد عن طريق مؤسسة التنظيم العقاري (ريرا)، ويستطيع الملاك الاطلاع على الأسعار المعتمدة لكثير من المباني. وتتفاوت هذه الأسعار تفاوتاً كبيراً، فالمبنى البسيط منخفض الارتفاع أقل كلفة بكثير للقدم المربعة من برج فاخر فيه خدمة استقبال وعدة مسابح وطاقم عمل كبير.",
        "ما الذي لا تشمله عادةً. تُحتسب رسوم التبريد المركزي والكهرباء والماء والإنترنت، ومواقف السيارات في بعض المباني، بشكل منفصل. كما توجد في بعض المجمعات رسوم للمجتمع الرئيسي تضاف إلى رسوم المبنى. اسأل بدقة عمّا تشمله الرسوم حتى تتمكن من المقارنة بين عقارين مقارنة عادلة.",
        "لماذا تهمّك. تخفّض رسوم الخدمات العائد الإيجاري مباشرةً وتزيد كلفة التملك الشهرية. قبل الشراء اطلب من البائع أحدث الفواتير وتأكد من عدم وجود متأخرات، ففي دبي لا تصدر عادةً شهادة عدم الممانعة من المطوّر، وهي لازمة لنقل الملكية، إلا بعد سداد الرسوم. وانظر إلى تطورها على مدى عدة سنوات، فالزيادات الحادة قد تدل على تقادم المبنى أو ضعف إدارته.",
        "ويختلف النظام في بقية المنطقة. ففي مصر تحصّل كثير من المجمعات السكنية وديعة صيانة عند الاستلام تُحسب غالباً نسبةً من سعر الوحدة، إضافةً إلى رسوم سنوية، لذا اقرأ العقد بعناية. وفي المملكة العربية السعودية تخضع اتحادات الملاك في المباني ذات الملكية المشتركة لتنظيم الهيئة العامة للعقار. وأينما اشتريت، اسأل عن الجهة التي تدير المبنى وكيف تُحدَّد الميزانية وكيف يمكن للملاك إبداء ملاحظاتهم.",
      ),
    },
    photoKind: "pool",
    photoVariant: 1,
    publishedDaysAgo: 57,
  },
  /* --------------------------------------------------------------- Renting */
  {
    slug: "renting-in-dubai-ejari-cheques-deposits",
    categoryKey: "renting",
    title: {
      en: "Renting in Dubai: Ejari, cheques and deposits",
      ar: "الإيجار في دبي: إيجاري والشيكات والتأمين",
    },
    summary: {
      en: "What tenants in Dubai should know about tenancy contracts, Ejari registration, paying rent by cheque, security deposits and rent increases.",
      ar: "ما يحتاج المستأجر في دبي إلى معرفته عن عقود الإيجار والتسجيل في نظام إيجاري ودفع الإيجار بالشيكات ومبلغ التأمين وزيادة الإيجار.",
    },
    body: {
      en: p(
        "Most residential rentals in Dubai are on one-year contracts. Once you agree terms with a landlord or agent, you sign a tenancy contract, usually the standard unified form, and pay the rent plus a few one-off costs. Budget for the first rent payment, a security deposit, the agent's fee (often around 5% of the annual rent), Ejari registration and the utility connection deposit with DEWA.",
        "Ejari is the official system for registering tenancy contracts in Dubai, operated under the Dubai Land Department. A registered contract is needed to connect utilities, to sponsor family residence visas and to bring a case before the Rental Disputes Centre. Registration can be done online or at service centres by the landlord, the agent or the tenant; make sure it is done and keep the certificate.",
        "Rent is traditionally paid with post-dated cheques. Some landlords ask for a single cheque for the whole year, but many accept two, four or more, and offering fewer cheques can sometimes secure a lower rent. More landlords now also accept bank transfers or card payments. A bounced cheque is taken seriously in the UAE, so only write cheques you are certain will clear.",
        "The security deposit is commonly around 5% of the annual rent for unfurnished homes and around 10% for furnished ones. It is refundable at the end of the tenancy, minus the cost of repairing damage beyond normal wear and tear. Carry out a move-in inspection with dated photos and list existing defects in writing; this is your best protection when you move out.",
        "Rent increases at renewal are regulated: how much the rent may rise depends on how your current rent compares with the official RERA rental index for similar homes. Check the index calculator before accepting a new rent, and remember that changes to the contract terms must be notified in advance of the expiry date (commonly 90 days). A landlord can only end a tenancy on specific legal grounds and with proper notice.",
        "If something goes wrong, talk to the landlord first and keep all communication in writing. If that does not resolve it, the Rental Disputes Centre handles tenancy disputes. Rules are updated from time to time, so confirm current requirements with the Dubai Land Department and RERA.",
      ),
      ar: p(
        "تكون معظم عقود الإيجار السكني في دبي لمدة سنة واحدة. وبعد الاتفاق على الشروط مع المالك أو الوسيط، توقّع عقد إيجار يكون عادةً على النموذج الموحد، وتدفع الإيجار إضافةً إلى بعض التكاليف التي تُدفع مرة واحدة. خصّص ميزانية للدفعة الأولى من الإيجار، ومبلغ التأمين، وعمولة الوسيط (غالباً في حدود 5% من الإيجار السنوي)، ورسوم التسجيل في إيجاري، وتأمين توصيل الخدمات لدى هيئة كهرباء ومياه دبي.",
        "إيجاري هو النظام الرسمي لتسجيل عقود الإيجار في دبي، ويعمل تحت مظلة دائرة الأراضي والأملاك. ويلزم العقد المسجّل لتوصيل الخدمات، ولكفالة إقامة أفراد الأسرة، ولرفع أي دعوى أمام مركز فض المنازعات الإيجارية. ويمكن أن يتم التسجيل إلكترونياً أو في مراكز الخدمة عن طريق المالك أو الوسيط أو المستأجر، فتأكد من إتمامه واحتفظ بالشهادة.",
        "جرت العادة على دفع الإيجار بشيكات مؤجلة التاريخ. فبعض الملاك يطلبون شيكاً واحداً عن السنة كاملة، لكن كثيرين يقبلون شيكين أو أربعة أو أكثر، وقد يتيح لك تقديم عدد أقل من الشيكات الحصول على إيجار أقل. كما أصبح مزيد من الملاك يقبلون التحويل المصرفي أو الدفع بالبطاقة. ويُنظر إلى الشيك المرتجع بجدية كبيرة في الإمارات، فلا تحرّر إلا شيكات أنت واثق من صرفها.",
        "يبلغ مبلغ التأمين في الغالب نحو 5% من الإيجار السنوي للوحدات غير المفروشة ونحو 10% للمفروشة، ويُستردّ عند انتهاء العقد بعد خصم كلفة إصلاح أي أضرار تتجاوز الاستهلاك العادي. أجرِ معاينة عند الاستلام مع صور مؤرخة، ودوّن العيوب الموجودة كتابةً، فهذا أفضل ما يحميك عند المغادرة.",
        "زيادة الإيجار عند التجديد منظَّمة، إذ يعتمد مقدار الزيادة المسموح بها على مقارنة إيجارك الحالي بمؤشر الإيجارات الرسمي الصادر عن مؤسسة التنظيم العقاري للوحدات المماثلة. راجع حاسبة المؤشر قبل قبول إيجار جديد، وتذكّر أن أي تعديل على شروط العقد يجب الإخطار به قبل تاريخ انتهائه بمدة كافية (غالباً 90 يوماً). ولا يجوز للمالك إنهاء العقد إلا لأسباب نظامية محددة ومع إخطار صحيح.",
        "إذا واجهت مشكلة، فتحدث مع المالك أولاً واحرص على أن تكون كل المراسلات مكتوبة. وإن لم تُحل المسألة، فمركز فض المنازعات الإيجارية هو الجهة المختصة بالنزاعات الإيجارية. وتُحدَّث الأنظمة من حين لآخر، لذا تحقّق من المتطلبات الحالية لدى دائرة الأراضي والأملاك ومؤسسة التنظيم العقاري.",
      ),
    },
    photoKind: "bedroom",
    photoVariant: 5,
    publishedDaysAgo: 23,
  },
  {
    slug: "avoiding-rental-scams-online",
    categoryKey: "renting",
    title: { en: "How to avoid rental scams online", ar: "كيف تتجنب الاحتيال في الإيجارات عبر الإنترنت" },
    summary: {
      en: "Fake listings and advance-fee tricks appear in every market. Learn the warning signs and the simple habits that keep your money safe.",
      ar: "الإعلانات الوهمية وطلب الدفعات المسبقة موجودة في كل سوق. تعرّف على علامات التحذير والعادات البسيطة التي تحمي أموالك.",
    },
    body: {
      en: p(
        "Rental scams usually follow the same pattern: an attractive home at a price well below the market, an owner or agent who is abroad or 'very busy', and pressure to pay a deposit before you have seen the property. The photos are often copied from genuine listings. If a deal looks too good for the neighbourhood, compare it with similar listings before you get excited.",
        "Verify the agent. Brokers across the region must be licensed. In Dubai, property adverts carry a permit number, and both the advert and the broker can be checked through official Dubai Land Department channels. In Saudi Arabia, brokers and property adverts need licences from the Real Estate General Authority (REGA). Ask for the broker's licence and company name and check that they match. On our marketplace a verified badge means we have reviewed the agent's documents, but you should still make your own checks.",
        "Never pay before viewing. Do not transfer money, send a deposit or share card details to 'reserve' a property you have not visited in person, or at least seen on a live video call arranged by someone you have verified. Make sure the person renting the home has the right to do so: ask to see the title deed or the owner's written authorisation to the agent, and check that the landlord's name on the contract matches the owner.",
        "Keep conversations on the platform. Use the marketplace chat to contact owners and agents, at least until you have verified them. Scammers often try to move you quickly to another app or to email, where their messages cannot be reported. Be wary of links asking you to sign in or pay, and never share one-time passwords or verification codes with anyone.",
        "Pay safely and get paperwork. When you do pay, use traceable methods such as a bank transfer or a cheque to the landlord or a registered company, never cash handed to a stranger or gift cards. Get a signed contract and receipts, and register the tenancy with the official system in your city, such as Ejari in Dubai, Tawtheeq in Abu Dhabi or Ejar in Saudi Arabia.",
        "Report anything suspicious. Use the Report button on the listing to tell us about fake or misleading adverts, and block users who pressure or harass you. If you have already lost money, contact your bank immediately and report it to the police. Every report helps protect the next person.",
      ),
      ar: p(
        "يتبع الاحتيال في الإيجارات عادةً النمط نفسه: منزل جذاب بسعر أقل بكثير من سعر السوق، ومالك أو وسيط مقيم في الخارج أو «مشغول جداً»، وضغط لدفع عربون قبل أن ترى العقار. وغالباً ما تكون الصور منسوخة من إعلانات حقيقية. فإذا بدا العرض أفضل من أن يكون حقيقياً بالنسبة إلى الحي، فقارنه بإعلانات مماثلة قبل أن تتحمس له.",
        "تحقّق من الوسيط. يجب أن يكون الوسطاء العقاريون في المنطقة مرخّصين. ففي دبي تحمل الإعلانات العقارية رقم تصريح، ويمكن التحقق من الإعلان ومن الوسيط عبر القنوات الرسمية لدائرة الأراضي والأملاك. وفي المملكة العربية السعودية يحتاج الوسطاء والإعلانات العقارية إلى تراخيص من الهيئة العامة للعقار. اطلب رخصة الوسيط واسم الشركة وتأكد من تطابقهما. وتعني شارة التوثيق في منصتنا أننا راجعنا مستندات الوسيط، لكن عليك مع ذلك أن تجري تحققك الخاص.",
        "لا تدفع أبداً قبل المعاينة. لا تحوّل أموالاً ولا ترسل عربوناً ولا تشارك بيانات بطاقتك لـ«حجز» عقار لم تزره بنفسك، أو على الأقل لم تره في مكالمة فيديو مباشرة رتّبها شخص تحققت من هويته. وتأكد من أن من يؤجّر المنزل يملك الحق في ذلك، فاطلب الاطلاع على سند الملكية أو على تفويض مكتوب من المالك للوسيط، وتحقق من أن اسم المؤجّر في العقد يطابق اسم المالك.",
        "أبقِ المحادثات داخل المنصة. استخدم المحادثة في المنصة للتواصل مع الملاك والوسطاء، على الأقل إلى أن تتحقق منهم. فالمحتالون يحاولون غالباً نقلك بسرعة إلى تطبيق آخر أو إلى البريد الإلكتروني حيث لا يمكن الإبلاغ عن رسائلهم. واحذر من الروابط التي تطلب منك تسجيل الدخول أو الدفع، ولا تشارك أبداً كلمات المرور المؤقتة أو رموز التحقق مع أي أحد.",
        "ادفع بأمان واحصل على المستندات. عندما تدفع، استخدم وسائل يمكن تتبعها مثل التحويل المصرفي أو الشيك باسم المالك أو باسم شركة مسجّلة، ولا تسلّم النقود لشخص غريب ولا تدفع ببطاقات الهدايا. احصل على عقد موقّع وإيصالات، وسجّل العقد في النظام الرسمي في مدينتك، مثل إيجاري في دبي، وتوثيق في أبوظبي، ومنصة إيجار في المملكة العربية السعودية.",
        "أبلغ عن أي شيء مريب. استخدم زر الإبلاغ في صفحة الإعلان لإخبارنا بالإعلانات الوهمية أو المضللة، واحظر المستخدمين الذين يضغطون عليك أو يزعجونك. وإذا كنت قد خسرت أموالاً بالفعل، فتواصل مع بنكك فوراً وأبلغ الشرطة. فكل بلاغ يساعد في حماية الشخص التالي.",
      ),
    },
    photoKind: "interior",
    photoVariant: 9,
    publishedDaysAgo: 2,
  },
  /* --------------------------------------------------------------- Selling */
  {
    slug: "preparing-your-home-for-sale",
    categoryKey: "selling",
    title: {
      en: "Preparing your home for sale: photos, pricing and paperwork",
      ar: "تجهيز منزلك للبيع: الصور والتسعير والمستندات",
    },
    summary: {
      en: "Small repairs, good photos, a realistic price and documents ready in advance help a home sell faster and with fewer surprises.",
      ar: "الإصلاحات البسيطة والصور الجيدة والسعر الواقعي والمستندات الجاهزة مسبقاً تساعد على بيع المنزل بسرعة أكبر ومفاجآت أقل.",
    },
    body: {
      en: p(
        "First impressions are made online. Before you list, fix the small things buyers notice: dripping taps, chipped paint, broken lights, stained grout and doors that stick. Clear the surfaces, put away personal items and make the purpose of each room obvious. A professional deep clean, including the air-conditioning vents and the balcony, is one of the cheapest ways to add value.",
        "Take the photos in daylight with the curtains open and the lights on. Shoot from the corner of each room at chest height, keep the camera level, and include the kitchen, every bedroom, the bathrooms, the view and the building's shared facilities. Add a floor plan if you have one. Listings with many clear photos attract far more enquiries than those with a few dark pictures.",
        "Price it right from the start. Look at recent sale prices of similar homes in your building or community, not only at asking prices, and be honest about differences in floor, view, condition and layout. An overpriced home sits on the market, and a listing that has been online for months makes buyers wonder what is wrong with it. Our guide to pricing with comparables explains the method step by step.",
        "Prepare the paperwork early. Have your title deed, a copy of your ID and recent service charge and utility statements ready. If you have a mortgage, ask your bank for a liability letter showing the amount needed to settle it. In Dubai you will sign a listing agreement with your agent (often called Form A), and you will need a no-objection certificate from the developer before transfer. In Saudi Arabia, Egypt and Oman, check that the ownership documents are registered in your name, and consult a notary or lawyer if anything is unclear.",
        "If the home is rented, read the tenancy contract and the local rules before you sell. A sale does not automatically end a tenancy, and buyers will want to know whether the home is sold vacant or with a tenant in place. Arrange viewings with the tenant respectfully and in writing.",
      ),
      ar: p(
        "الانطباع الأول يتكوّن عبر الإنترنت. قبل نشر الإعلان، أصلح الأشياء الصغيرة التي يلاحظها المشترون: الصنابير التي تقطر، والطلاء المتقشر، والمصابيح المعطلة، والفواصل المتسخة بين البلاط، والأبواب التي تعلق. أخلِ الأسطح من الأغراض، وارفع المقتنيات الشخصية، واجعل وظيفة كل غرفة واضحة. ويُعد التنظيف العميق على يد مختصين، بما في ذلك فتحات التكييف والشرفة، من أقل الطرق كلفة لرفع قيمة المنزل.",
        "التقط الصور في ضوء النهار مع فتح الستائر وإضاءة المصابيح. صوّر من زاوية كل غرفة على ارتفاع الصدر، وحافظ على استواء الكاميرا، واحرص على تصوير المطبخ وكل غرف النوم والحمامات والإطلالة والمرافق المشتركة في المبنى. وأضف مخططاً للوحدة إن توفر لديك. فالإعلانات التي تضم صوراً واضحة كثيرة تجذب استفسارات أكثر بكثير من تلك التي تضم بضع صور معتمة.",
        "حدّد السعر الصحيح من البداية. اطّلع على أسعار البيع الفعلية الأخيرة لمنازل مماثلة في مبناك أو مجمعك، لا على الأسعار المطلوبة فقط، وكن صريحاً بشأن الفروق في الطابق والإطلالة والحالة والتصميم. فالمنزل المبالغ في سعره يبقى معروضاً طويلاً، والإعلان الذي يظل منشوراً لأشهر يدفع المشترين إلى التساؤل عن سبب ذلك. ويشرح دليلنا للتسعير بالمقارنة هذه الطريقة خطوة بخطوة.",
        "جهّز المستندات مبكراً. احرص على أن يكون سند الملكية ونسخة من هويتك وأحدث كشوف رسوم الخدمات والكهرباء والماء جاهزة. وإذا كان على العقار تمويل، فاطلب من بنكك خطاب مديونية يبيّن المبلغ اللازم لسداده. وفي دبي ستوقّع اتفاقية تسويق مع الوسيط (تُعرف غالباً بالنموذج A)، وستحتاج إلى شهادة عدم ممانعة من المطوّر قبل نقل الملكية. أما في المملكة العربية السعودية ومصر وعُمان فتأكد من أن مستندات الملكية مسجلة باسمك، واستشر موثقاً أو محامياً إذا كان أي أمر غير واضح.",
        "إذا كان المنزل مؤجراً، فاقرأ عقد الإيجار والأنظمة المحلية قبل البيع. فالبيع لا يُنهي عقد الإيجار تلقائياً، وسيرغب المشترون في معرفة ما إذا كان المنزل سيُباع شاغراً أم بوجود مستأجر. ونسّق مواعيد المعاينة مع المستأجر باحترام وكتابةً.",
      ),
    },
    photoKind: "kitchen",
    photoVariant: 2,
    publishedDaysAgo: 38,
  },
  {
    slug: "how-to-price-a-property-with-comparables",
    categoryKey: "selling",
    title: {
      en: "How to price a property using comparables",
      ar: "كيف تسعّر عقاراً بالمقارنة مع عقارات مماثلة",
    },
    summary: {
      en: "A practical method to estimate a realistic price from recent sales of similar homes, adjusting for size, floor, view and condition.",
      ar: "طريقة عملية لتقدير سعر واقعي بالاستناد إلى المبيعات الأخيرة لمنازل مماثلة، مع مراعاة فروق المساحة والطابق والإطلالة والحالة.",
    },
    body: {
      en: p(
        "Comparables, or 'comps', are recent sales of homes similar to yours. They are the basis of how valuers and experienced agents estimate prices, and you can use the same method yourself. The aim is not one perfect number but a sensible range that you can explain to buyers.",
        "Find the right comparables. Look for sales in the same building or community within the last few months, with the same number of bedrooms and a similar size. Actual transaction prices are better evidence than asking prices: in Dubai the Dubai Land Department publishes transaction data, and in Saudi Arabia official real estate indicators are published by the government. Asking prices on listing sites show you the competition, but not what buyers actually paid.",
        "Work in price per square foot or square metre. Divide each comparable's price by its area to get a rate, then look at the middle of the range rather than the single highest sale. This makes homes of slightly different sizes comparable and stops one unusual sale from distorting your estimate.",
        "Adjust for differences. A higher floor, a better view, an upgraded kitchen, an extra parking space or vacant possession usually justify a premium; an older interior, a view of a wall or a busy road, a tenant on a long lease or an awkward layout justify a discount. Write each adjustment down, for example plus a few percent for a full sea view, so you can explain your price.",
        "Check against the live market. Count how many similar homes are listed now and how long they have been online. If there are many and they are not selling, price towards the lower end of your range; if there are few and sales are quick, you can aim higher. Review your price after two or three weeks of viewings, because buyer feedback is evidence too.",
        "For a formal figure, for example for a mortgage, a divorce or an inheritance, use a valuer licensed by the relevant authority. Banks always commission their own valuation, and it may differ from your estimate.",
      ),
      ar: p(
        "العقارات المماثلة هي منازل تشبه منزلك بيعت مؤخراً. وهي الأساس الذي يعتمد عليه المقيّمون والوسطاء ذوو الخبرة في تقدير الأسعار، ويمكنك أن تستخدم الطريقة نفسها. والهدف ليس رقماً واحداً مثالياً، بل نطاق معقول من الأسعار يمكنك أن تشرحه للمشترين.",
        "اختر العقارات المماثلة المناسبة. ابحث عن صفقات بيع في المبنى أو المجمع نفسه خلال الأشهر القليلة الماضية، بعدد غرف النوم نفسه ومساحة مقاربة. وأسعار الصفقات الفعلية دليل أقوى من الأسعار المطلوبة، ففي دبي تنشر دائرة الأراضي والأملاك بيانات الصفقات، وفي المملكة العربية السعودية تُنشر مؤشرات عقارية رسمية من الجهات الحكومية. أما الأسعار المطلوبة في مواقع الإعلانات فتبيّن لك حجم المنافسة، لكنها لا تبيّن ما دفعه المشترون فعلاً.",
        "احسب السعر لكل قدم مربعة أو متر مربع. اقسم سعر كل عقار مماثل على مساحته لتحصل على معدل، ثم انظر إلى وسط النطاق بدلاً من أعلى صفقة منفردة. فهذا يجعل المنازل المختلفة قليلاً في المساحة قابلة للمقارنة، ويمنع صفقة غير اعتيادية واحدة من تشويه تقديرك.",
        "عدّل بحسب الفروق. فالطابق الأعلى والإطلالة الأفضل والمطبخ المجدد وموقف السيارات الإضافي وتسليم الوحدة شاغرة تبرر عادةً سعراً أعلى، بينما تبرر التشطيبات القديمة أو الإطلالة على جدار أو طريق مزدحم أو وجود مستأجر بعقد طويل أو التصميم غير العملي سعراً أقل. دوّن كل تعديل، كأن تضيف بضعة في المئة للإطلالة الكاملة على البحر، حتى تتمكن من تبرير سعرك.",
        "قارن بالسوق الحالية. احسب عدد المنازل المماثلة المعروضة الآن ومدة بقائها معروضة. فإذا كانت كثيرة ولا تُباع، فاتجه إلى الطرف الأدنى من نطاقك، وإذا كانت قليلة والمبيعات سريعة فيمكنك أن تطلب أكثر. وراجع سعرك بعد أسبوعين أو ثلاثة من المعاينات، فآراء المشترين دليل أيضاً.",
        "وإذا احتجت إلى قيمة رسمية، كما في حالات التمويل العقاري أو الطلاق أو الإرث، فاستعن بمقيّم مرخّص من الجهة المختصة. وتطلب البنوك دائماً تقييمها الخاص، وقد يختلف عن تقديرك.",
      ),
    },
    photoKind: "exterior",
    photoVariant: 6,
    publishedDaysAgo: 74,
  },
  /* ------------------------------------------------------------- Investing */
  {
    slug: "off-plan-vs-ready-homes",
    categoryKey: "investing",
    title: {
      en: "Off-plan vs ready homes: which is right for you?",
      ar: "الشراء على المخطط أم العقار الجاهز: أيهما يناسبك؟",
    },
    summary: {
      en: "Off-plan can mean lower entry prices and flexible payment plans, while ready homes offer certainty and immediate use. Compare the trade-offs before you decide.",
      ar: "قد يعني الشراء على المخطط سعراً أقل وخطط سداد مرنة، بينما يوفر العقار الجاهز اليقين والاستخدام الفوري. قارن بين المزايا والمخاطر قبل أن تقرر.",
    },
    body: {
      en: p(
        "An off-plan property is bought from a developer before it is completed, sometimes before construction has even started. A ready property is finished and can be lived in or rented out straight away, whether you buy it from a developer or from an existing owner on the secondary market. Both are common in the UAE, Saudi Arabia, Egypt and Oman, and each suits a different kind of buyer.",
        "The case for off-plan. Developers often launch projects at attractive prices and offer payment plans that spread payments over the construction period, sometimes with part of the price due after handover. You get a new building, modern layouts and a choice of units. In fast-growing areas values may rise between launch and completion, but that is never guaranteed.",
        "The risks of off-plan. Projects can be delayed, specifications can change and the finished community may look different from the brochure. You cannot rent the home out while you wait, and mortgage options before completion are more limited and need larger down payments. Check the developer's track record, visit projects it has already delivered and, in Dubai, make sure the project is registered with the Dubai Land Department and that you pay into the project's official escrow account.",
        "The case for ready homes. What you see is what you get: you can inspect the actual unit, see the view and the neighbours, check the service charges and talk to residents. You can move in or earn rent immediately, and mortgages are easier to arrange. The trade-off is a larger payment up front and often less flexibility on price and payment terms.",
        "How to decide. If you need a home now or want rental income straight away, a ready property is usually simpler. If you have a longer horizon, can live with the risk of delay and want to spread your payments, off-plan can work well. Either way, read the sale and purchase agreement carefully, ask what happens if handover is late, and budget for snagging, furnishing and registration fees.",
      ),
      ar: p(
        "العقار على المخطط هو عقار يُشترى من المطوّر قبل اكتماله، وأحياناً قبل بدء البناء أصلاً. أما العقار الجاهز فهو مكتمل ويمكن السكن فيه أو تأجيره فوراً، سواء اشتريته من المطوّر أو من مالك حالي في سوق إعادة البيع. وكلا النوعين شائع في الإمارات والمملكة العربية السعودية ومصر وعُمان، ولكل منهما نوع مختلف من المشترين.",
        "مزايا الشراء على المخطط. كثيراً ما يطلق المطوّرون مشاريعهم بأسعار مغرية، ويقدمون خطط سداد توزّع الدفعات على فترة البناء، وقد يُستحق جزء من الثمن بعد التسليم. وتحصل على مبنى جديد وتصاميم حديثة وإمكانية اختيار الوحدة. وفي المناطق سريعة النمو قد ترتفع القيمة بين الإطلاق والإنجاز، لكن ذلك ليس مضموناً أبداً.",
        "مخاطر الشراء على المخطط. قد تتأخر المشاريع، وقد تتغير المواصفات، وقد يبدو المجمع المكتمل مختلفاً عمّا في الكتيّب الدعائي. ولا يمكنك تأجير الوحدة أثناء الانتظار، كما أن خيارات التمويل قبل الإنجاز محدودة أكثر وتتطلب دفعات مقدمة أكبر. تحقّق من سجل المطوّر، وزُر مشاريع سبق أن سلّمها، وفي دبي تأكد من أن المشروع مسجّل لدى دائرة الأراضي والأملاك ومن أنك تدفع في حساب الضمان الرسمي الخاص بالمشروع.",
        "مزايا العقار الجاهز. ما تراه هو ما تحصل عليه، إذ يمكنك معاينة الوحدة نفسها ورؤية الإطلالة والجيران والتحقق من رسوم الخدمات والتحدث مع السكان. ويمكنك السكن فيه أو تحصيل الإيجار فوراً، كما أن ترتيب التمويل العقاري أسهل. في المقابل تحتاج إلى دفعة أولى أكبر، وغالباً ما تكون المرونة في السعر وشروط الدفع أقل.",
        "كيف تقرر. إذا كنت بحاجة إلى منزل الآن أو تريد دخلاً إيجارياً فورياً، فالعقار الجاهز أبسط في العادة. أما إذا كان أفقك الزمني أطول، وتستطيع تحمّل خطر التأخير، وتريد توزيع دفعاتك، فقد يكون الشراء على المخطط خياراً جيداً. وفي الحالتين اقرأ اتفاقية البيع والشراء بعناية، واسأل عمّا يحدث إذا تأخر التسليم، وخصّص ميزانية لفحص العيوب والتأثيث ورسوم التسجيل.",
      ),
    },
    photoKind: "aerial",
    photoVariant: 0,
    publishedDaysAgo: 16,
  },
  {
    slug: "rental-yields-across-gulf-cities",
    categoryKey: "investing",
    title: { en: "Rental yields across Gulf cities explained", ar: "شرح العائد الإيجاري في مدن الخليج" },
    summary: {
      en: "How to calculate gross and net rental yield, what drives yields in Dubai, Abu Dhabi, Riyadh, Muscat and Cairo, and why the headline figure is never the whole story.",
      ar: "كيف تحسب العائد الإيجاري الإجمالي والصافي، وما الذي يحدد العوائد في دبي وأبوظبي والرياض ومسقط والقاهرة، ولماذا لا يروي الرقم المعلن القصة كاملة.",
    },
    body: {
      en: p(
        "Rental yield measures the income a property produces relative to its price. Gross yield is the annual rent divided by the purchase price: a flat bought for 1,000,000 and let for 70,000 a year has a gross yield of 7%. Net yield subtracts the costs of owning it: service charges, maintenance, management fees, insurance and the months it stands empty. Net yield is what actually reaches your pocket, and it is often noticeably lower than the gross figure.",
        "Across the Gulf, yields vary by city, area and property type. Apartments generally yield more than villas, because rents do not rise in proportion to price. Smaller units such as studios and one-bedroom flats in well-connected areas often show the highest gross yields, while prime waterfront homes and large villas trade at lower yields because buyers are also paying for lifestyle and expected capital growth.",
        "Dubai and Abu Dhabi have deep rental markets driven by a large expatriate population, and gross yields on apartments are commonly quoted in the mid single digits. Riyadh's market has been shaped by strong demand from new jobs and company relocations, with many families preferring villas and compounds. In Muscat, yields depend heavily on location and on the limited areas where foreigners may own. In Cairo, local-currency rents can look high relative to prices, but inflation and exchange-rate movements matter a great deal if you measure returns in another currency.",
        "Treat advertised yields with care. Developers and agents sometimes quote gross yields based on optimistic rents, or on short-term holiday-home income that assumes very high occupancy. Check actual rents for similar units on our marketplace and in official sources such as rental indices, and ask how many nights a year a holiday home is really booked.",
        "Yield is only half of the return. Capital growth or decline, financing costs, transaction fees when you buy and sell, and any taxes in your home country all affect the final result. Compare properties on net yield after realistic costs, and think about how easy each one will be to let and to sell in a few years.",
      ),
      ar: p(
        "يقيس العائد الإيجاري الدخل الذي يحققه العقار نسبةً إلى سعره. والعائد الإجمالي هو الإيجار السنوي مقسوماً على سعر الشراء، فالشقة المشتراة بمليون والمؤجرة بسبعين ألفاً في السنة عائدها الإجمالي 7%. أما العائد الصافي فيخصم تكاليف التملك، أي رسوم الخدمات والصيانة وأتعاب الإدارة والتأمين والأشهر التي يبقى فيها العقار شاغراً. والعائد الصافي هو ما يصل إلى جيبك فعلاً، وكثيراً ما يكون أقل من العائد الإجمالي بفارق ملحوظ.",
        "تتفاوت العوائد في الخليج بحسب المدينة والمنطقة ونوع العقار. فالشقق تحقق عموماً عائداً أعلى من الفلل، لأن الإيجارات لا ترتفع بنسبة ارتفاع السعر نفسها. وكثيراً ما تسجّل الوحدات الصغيرة، كالاستوديوهات والشقق ذات غرفة النوم الواحدة في المناطق جيدة الاتصال، أعلى العوائد الإجمالية، بينما تُتداول المنازل الفاخرة على الواجهات البحرية والفلل الكبيرة بعوائد أقل لأن المشترين يدفعون أيضاً مقابل نمط الحياة والنمو المتوقع في القيمة.",
        "تتمتع دبي وأبوظبي بسوقي إيجار عميقتين يغذيهما عدد كبير من المقيمين الأجانب، وكثيراً ما يُشار إلى أن العوائد الإجمالية على الشقق تقع في منتصف الخانة الواحدة. أما سوق الرياض فقد تشكّلت بفعل طلب قوي ناتج عن الوظائف الجديدة وانتقال مقار الشركات، مع تفضيل كثير من الأسر للفلل والمجمعات السكنية. وفي مسقط تعتمد العوائد كثيراً على الموقع وعلى المناطق المحدودة التي يُسمح فيها للأجانب بالتملك. وفي القاهرة قد تبدو الإيجارات بالعملة المحلية مرتفعة نسبةً إلى الأسعار، لكن التضخم وتقلبات سعر الصرف مهمة جداً إذا كنت تقيس عوائدك بعملة أخرى.",
        "تعامل مع العوائد المعلنة بحذر. فقد يذكر بعض المطوّرين والوسطاء عوائد إجمالية مبنية على إيجارات متفائلة، أو على دخل من بيوت العطلات قصيرة الأجل يفترض نسب إشغال مرتفعة جداً. تحقّق من الإيجارات الفعلية لوحدات مماثلة في منصتنا وفي المصادر الرسمية مثل مؤشرات الإيجار، واسأل عن عدد الليالي التي يُحجز فيها بيت العطلات فعلاً خلال السنة.",
        "العائد الإيجاري نصف العائد فقط. فارتفاع القيمة أو انخفاضها، وتكاليف التمويل، ورسوم الصفقات عند الشراء والبيع، وأي ضرائب في بلدك الأصلي، كلها تؤثر في النتيجة النهائية. قارن بين العقارات على أساس العائد الصافي بعد احتساب تكاليف واقعية، وفكّر في مدى سهولة تأجير كل منها وبيعه بعد بضع سنوات.",
      ),
    },
    photoKind: "exterior",
    photoVariant: 10,
    publishedDaysAgo: 95,
  },
  {
    slug: "buying-land-zoning-and-permits",
    categoryKey: "investing",
    title: {
      en: "Buying land: zoning, permits and what to check",
      ar: "شراء الأراضي: التصنيف والتراخيص وما يجب التحقق منه",
    },
    summary: {
      en: "Before buying a plot, find out what may be built on it, who must approve the design, and whether you are allowed to own land in that area.",
      ar: "قبل شراء قطعة أرض، اعرف ما يُسمح ببنائه عليها، ومن يجب أن يعتمد التصميم، وهل يحق لك تملّك الأراضي في تلك المنطقة.",
    },
    body: {
      en: p(
        "Buying land gives you the freedom to build exactly what you want, but it takes more homework than buying a finished home. The key questions are what may legally be built on the plot, who must approve it, whether you are allowed to own it, and what it will cost to bring services to it.",
        "Zoning and planning rules. Every plot has a permitted use, such as villa, residential building, commercial, mixed use, industrial or agricultural, along with limits on height, number of floors, built-up area and setbacks from the boundaries. In Dubai these details appear on the plot's affection plan; elsewhere, ask the municipality or the master developer for the planning conditions in writing. Never rely on the seller's description alone.",
        "Ownership rules. Foreign ownership of land is restricted in much of the region and is usually allowed only in designated areas or under specific schemes. In the UAE, freehold zones define where non-nationals can buy, while Saudi Arabia, Egypt and Oman each have their own rules and exceptions. Confirm eligibility with the land registry or the relevant authority, such as the Dubai Land Department, the Real Estate General Authority in Saudi Arabia or the real estate registry in Egypt, before paying any deposit.",
        "Permits and approvals. Building normally requires design approval from the master developer where there is one, a building permit from the municipality, and approvals from the electricity, water and civil defence authorities. In Saudi Arabia, many municipal permits are processed through the Balady platform. Approval times vary, so build them into your schedule and budget.",
        "Due diligence on the plot. Check the title, any mortgages or disputes, the exact boundaries and area, road access, and whether utilities reach the plot. Building on agricultural land is heavily restricted, particularly in Egypt, so never assume a farm plot can be converted. A soil test before you buy can reveal the need for costly foundations.",
        "Finally, weigh the holding costs. Land earns nothing until you build, some areas require construction to start within a set period, and financing is harder to obtain for land than for homes. A local engineering consultant who knows the municipality's requirements is usually worth the fee.",
      ),
      ar: p(
        "يمنحك شراء الأرض حرية بناء ما تريده تماماً، لكنه يتطلب بحثاً أكثر من شراء منزل مكتمل. والأسئلة الأساسية هي: ما الذي يُسمح نظاماً ببنائه على القطعة، ومن يجب أن يعتمده، وهل يحق لك تملّكها، وكم ستكلف إيصال الخدمات إليها.",
        "اشتراطات التصنيف والتخطيط. لكل قطعة أرض استخدام مسموح به، كالفلل أو المباني السكنية أو التجاري أو متعدد الاستخدامات أو الصناعي أو الزراعي، إلى جانب قيود على الارتفاع وعدد الطوابق ومساحة البناء والارتدادات عن الحدود. وفي دبي تظهر هذه التفاصيل في مخطط الأرض الصادر للقطعة، أما في غيرها فاطلب من البلدية أو المطوّر الرئيسي اشتراطات التخطيط مكتوبة. ولا تعتمد أبداً على وصف البائع وحده.",
        "أنظمة التملك. يخضع تملّك الأجانب للأراضي لقيود في معظم دول المنطقة، ولا يُسمح به عادةً إلا في مناطق محددة أو وفق برامج خاصة. ففي الإمارات تحدد مناطق التملك الحر الأماكن التي يحق لغير المواطنين الشراء فيها، بينما لكل من المملكة العربية السعودية ومصر وعُمان أنظمتها واستثناءاتها. تحقّق من أهليتك لدى السجل العقاري أو الجهة المختصة، مثل دائرة الأراضي والأملاك في دبي أو الهيئة العامة للعقار في السعودية أو الشهر العقاري في مصر، قبل دفع أي عربون.",
        "التراخيص والموافقات. يتطلب البناء عادةً اعتماد التصميم من المطوّر الرئيسي إن وُجد، ورخصة بناء من البلدية، وموافقات جهات الكهرباء والماء والدفاع المدني. وفي المملكة العربية السعودية تُنجز كثير من التراخيص البلدية عبر منصة بلدي. وتختلف مدد الموافقات، فاحسب حسابها في جدولك الزمني وميزانيتك.",
        "الفحص النافي للجهالة. تحقّق من سند الملكية، ومن عدم وجود رهون أو نزاعات، ومن الحدود والمساحة بدقة، ومن وجود طريق يصل إلى القطعة، ومن وصول الخدمات إليها. والبناء على الأراضي الزراعية مقيّد بشدة، ولا سيما في مصر، فلا تفترض أبداً إمكانية تحويل أرض زراعية إلى سكنية. وقد يكشف فحص التربة قبل الشراء عن حاجة إلى أساسات مكلفة.",
        "وأخيراً، وازن تكاليف الاحتفاظ بالأرض. فالأرض لا تدر دخلاً حتى تبني عليها، وبعض المناطق تشترط بدء البناء خلال مدة محددة، والحصول على تمويل للأراضي أصعب منه للمنازل. وعادةً ما يستحق المكتب الهندسي المحلي الذي يعرف اشتراطات البلدية الأتعاب التي يتقاضاها.",
      ),
    },
    photoKind: "land",
    photoVariant: 4,
    publishedDaysAgo: 131,
  },
  /* -------------------------------------------------- Neighbourhood guides */
  {
    slug: "guide-to-dubai-marina",
    categoryKey: "neighbourhoods",
    title: { en: "Neighbourhood guide: Dubai Marina", ar: "دليل الأحياء: دبي مارينا" },
    summary: {
      en: "Waterfront towers, a walkable promenade and the beach next door: what living in Dubai Marina is like, who it suits and what to check before you rent or buy.",
      ar: "أبراج على الواجهة المائية وممشى للمشاة والشاطئ على مقربة: كيف هي الحياة في دبي مارينا، ولمن تناسب، وما الذي تتحقق منه قبل الإيجار أو الشراء.",
    },
    body: {
      en: p(
        "Dubai Marina is one of the city's best-known residential districts, built around a long man-made canal lined with high-rise towers. It sits between Sheikh Zayed Road and the coast, next to Jumeirah Beach Residence (JBR) and close to Palm Jumeirah, Dubai Media City and Dubai Internet City. It is a freehold area, so non-nationals can buy.",
        "Daily life revolves around the Marina Walk, a promenade of cafes, restaurants and shops, and the beach at JBR a short walk away. Dubai Marina Mall and plenty of supermarkets cover everyday needs. Public transport is good by Dubai standards: the metro runs along Sheikh Zayed Road and the Dubai Tram loops through the area, linking it with the metro and JBR.",
        "Homes are mostly apartments, from studios to large penthouses, with a small number of townhouses at the foot of some towers. Older towers often have more generous layouts, while newer ones offer modern finishes and amenities. Views make a big difference: a full marina or sea view commands a clear premium over a view of the neighbouring tower, even within the same building.",
        "Who it suits. The Marina is popular with young professionals, couples and investors who like a lively, walkable area near the beach. Families do live here, but many prefer the quieter villa communities nearby for more space and schools close to home. Holiday-home rentals are common in some buildings, which can mean busier lifts and lobbies.",
        "What to check. Traffic at the entrances and exits can be heavy at peak times, and visitor parking is limited. Service charges and cooling fees differ considerably between towers, so compare them before you decide. Ask about recent maintenance of lifts and facades, and visit in the evening and at the weekend to see the area at its busiest.",
      ),
      ar: p(
        "دبي مارينا من أشهر الأحياء السكنية في المدينة، وقد شُيّدت حول قناة مائية اصطناعية طويلة تصطف على جانبيها الأبراج الشاهقة. وتقع بين شارع الشيخ زايد والساحل، بجوار مجمع جميرا بيتش ريزيدنس وعلى مقربة من نخلة جميرا ومدينة دبي للإعلام ومدينة دبي للإنترنت. وهي منطقة تملك حر، لذا يحق لغير المواطنين الشراء فيها.",
        "تتمحور الحياة اليومية حول ممشى المارينا، وهو ممشى تنتشر عليه المقاهي والمطاعم والمتاجر، وحول شاطئ جميرا بيتش ريزيدنس الذي يبعد مسافة قصيرة سيراً على الأقدام. ويلبّي دبي مارينا مول والعديد من المتاجر الكبرى الاحتياجات اليومية. والمواصلات العامة جيدة بمقاييس دبي، إذ يمتد المترو على طول شارع الشيخ زايد، ويجوب ترام دبي المنطقة رابطاً إياها بالمترو وبالشاطئ.",
        "المساكن في معظمها شقق تتراوح بين الاستوديوهات والبنتهاوس الواسعة، مع عدد قليل من التاون هاوس في قواعد بعض الأبراج. وكثيراً ما تتميز الأبراج الأقدم بمساحات أرحب، بينما توفر الأبراج الأحدث تشطيبات ومرافق عصرية. وللإطلالة أثر كبير، فالإطلالة الكاملة على المارينا أو البحر ترفع السعر بوضوح مقارنةً بالإطلالة على البرج المجاور، حتى داخل المبنى نفسه.",
        "لمن تناسب. تحظى المارينا بشعبية لدى الشباب العاملين والأزواج والمستثمرين الذين يفضلون منطقة نابضة بالحياة يسهل التنقل فيها سيراً قرب الشاطئ. وتسكن فيها أسر بالفعل، لكن كثيراً منها يفضّل مجمعات الفلل الأهدأ القريبة طلباً لمساحة أكبر ومدارس قريبة من المنزل. كما تنتشر بيوت العطلات في بعض المباني، مما قد يعني ازدحاماً أكبر في المصاعد والردهات.",
        "ما يجب التحقق منه. قد تكون حركة المرور عند المداخل والمخارج كثيفة في أوقات الذروة، ومواقف الزوار محدودة. وتختلف رسوم الخدمات ورسوم التبريد اختلافاً كبيراً بين الأبراج، فقارن بينها قبل أن تقرر. واسأل عن آخر أعمال صيانة المصاعد والواجهات، وزُر المنطقة مساءً وفي عطلة نهاية الأسبوع لتراها في أشد أوقاتها ازدحاماً.",
      ),
    },
    photoKind: "aerial",
    photoVariant: 8,
    publishedDaysAgo: 47,
  },
  {
    slug: "guide-to-al-reem-island-abu-dhabi",
    categoryKey: "neighbourhoods",
    title: {
      en: "Neighbourhood guide: Al Reem Island, Abu Dhabi",
      ar: "دليل الأحياء: جزيرة الريم في أبوظبي",
    },
    summary: {
      en: "A modern island district beside central Abu Dhabi, with waterfront towers, parks and a university campus. Here is what it offers residents and investors.",
      ar: "حي عصري على جزيرة بجوار وسط أبوظبي، فيه أبراج على الواجهة المائية وحدائق وحرم جامعي. إليك ما يقدمه للسكان والمستثمرين.",
    },
    body: {
      en: p(
        "Al Reem Island lies just off the north-east of Abu Dhabi island, connected to the city centre and to Al Maryah Island by several bridges. It is one of the capital's investment zones where non-nationals can own property, which has made it one of the most active areas in Abu Dhabi for both buyers and tenants.",
        "The island is divided into master-planned districts, including Shams Abu Dhabi, Marina Square and Najmat Abu Dhabi, each with its own mix of residential towers, shops and waterfront walkways. The Gate Towers and the Sun and Sky Towers are well-known landmarks, and Reem Central Park and the long promenades give the island more green space than many high-rise districts.",
        "Daily needs are covered by supermarkets and community retail, with Reem Mall on the island and the malls of Al Maryah Island a short drive away. Sorbonne University Abu Dhabi has its campus here, there are schools and nurseries, and major hospitals and the financial district on Al Maryah Island are minutes away. Most residents drive, and taxis are easy to find.",
        "Homes are mainly apartments, from studios to large family units and penthouses, plus a limited number of townhouses. Newer buildings usually include gyms, pools and children's play areas. Rents vary considerably between older and newer towers and with the view, so compare several buildings before deciding.",
        "What to check. In Abu Dhabi, residential tenancy contracts are registered through Tawtheeq, and sales are registered with the emirate's real estate authorities; confirm the current requirements before signing. Compare service charges between towers, check how close the building is to the bridges if you commute at peak hours, and ask about construction nearby, since parts of the island are still being developed.",
      ),
      ar: p(
        "تقع جزيرة الريم قبالة الطرف الشمالي الشرقي لجزيرة أبوظبي، وترتبط بوسط المدينة وبجزيرة المارية بعدة جسور. وهي من مناطق الاستثمار في العاصمة التي يحق فيها لغير المواطنين تملّك العقارات، مما جعلها من أنشط المناطق في أبوظبي للمشترين والمستأجرين على حد سواء.",
        "تنقسم الجزيرة إلى أحياء مخططة، منها شمس أبوظبي ومارينا سكوير ونجمة أبوظبي، ولكل منها مزيجه الخاص من الأبراج السكنية والمتاجر والممرات على الواجهة المائية. ومن أبرز معالمها أبراج البوابة وبرجا الشمس والسماء، كما تمنح حديقة الريم المركزية والممشى الطويل الجزيرة مساحات خضراء أكثر من كثير من الأحياء ذات الأبراج العالية.",
        "تُلبّى الاحتياجات اليومية عبر المتاجر الكبرى ومراكز التسوق المجتمعية، ويوجد ريم مول على الجزيرة، بينما تبعد مراكز التسوق في جزيرة المارية مسافة قصيرة بالسيارة. ويقع حرم جامعة السوربون أبوظبي على الجزيرة، وفيها مدارس وحضانات، كما أن المستشفيات الكبرى والمنطقة المالية في جزيرة المارية على بعد دقائق. ويعتمد معظم السكان على السيارة، ومن السهل العثور على سيارات الأجرة.",
        "المساكن في معظمها شقق تتراوح بين الاستوديوهات والوحدات العائلية الكبيرة والبنتهاوس، إلى جانب عدد محدود من التاون هاوس. وتضم المباني الأحدث عادةً صالات رياضية ومسابح ومناطق لعب للأطفال. وتتفاوت الإيجارات كثيراً بين الأبراج القديمة والحديثة وبحسب الإطلالة، لذا قارن بين عدة مبانٍ قبل أن تقرر.",
        "ما يجب التحقق منه. تُسجَّل عقود الإيجار السكنية في أبوظبي عبر نظام توثيق، وتُسجَّل صفقات البيع لدى الجهات العقارية المختصة في الإمارة، فتأكد من المتطلبات الحالية قبل التوقيع. قارن رسوم الخدمات بين الأبراج، وتحقق من قرب المبنى من الجسور إذا كنت تتنقل في أوقات الذروة، واسأل عن أعمال البناء المجاورة، فبعض أجزاء الجزيرة لا يزال قيد التطوير.",
      ),
    },
    photoKind: "exterior",
    photoVariant: 11,
    publishedDaysAgo: 68,
  },
  {
    slug: "guide-to-new-cairo",
    categoryKey: "neighbourhoods",
    title: { en: "Neighbourhood guide: New Cairo", ar: "دليل الأحياء: القاهرة الجديدة" },
    summary: {
      en: "Gated compounds, international schools and wide roads east of central Cairo. What to know about living and buying in New Cairo and the Fifth Settlement.",
      ar: "مجمعات سكنية مسوّرة ومدارس دولية وطرق واسعة شرق وسط القاهرة. ما تحتاج إلى معرفته عن السكن والشراء في القاهرة الجديدة والتجمع الخامس.",
    },
    body: {
      en: p(
        "New Cairo is a large planned city on the eastern edge of greater Cairo, created to ease pressure on the crowded centre. Its best-known district is the Fifth Settlement, and it lies close to the Ring Road, the road to Ain Sokhna and, further east, the New Administrative Capital.",
        "Much of New Cairo's housing is in gated compounds built by private developers, offering apartments, duplexes, townhouses and villas with security, landscaping, pools and clubhouses. There are also independent buildings in the districts between the compounds, which are often cheaper but have fewer shared facilities.",
        "Daily life. North and South 90th Street form the main spine, lined with banks, offices, restaurants and malls, and Cairo Festival City is a major shopping destination. The American University in Cairo has its main campus here, alongside many international and national schools, which makes the area popular with families. A car is close to essential, as distances are long and public transport is limited.",
        "Buying in New Cairo. Many compound sales are off-plan with long instalment plans spread over several years, while resale units usually require cash or a shorter plan. Check the developer's delivery record, the maintenance deposit and annual fees, and whether the contract allows resale before handover and at what fee.",
        "Paperwork matters. Many properties in Egypt are not registered with the Real Estate Publicity Department, and buyers often rely on contracts with the developer. Ask a lawyer to review the chain of contracts, confirm the seller's right to sell and check for outstanding instalments. Foreigners can buy residential property subject to conditions, so confirm the current rules with a lawyer or the notary office.",
      ),
      ar: p(
        "القاهرة الجديدة مدينة كبيرة مخططة على الطرف الشرقي للقاهرة الكبرى، أُنشئت لتخفيف الضغط عن وسط المدينة المزدحم. وأشهر أحيائها التجمع الخامس، وتقع على مقربة من الطريق الدائري وطريق العين السخنة، ومن العاصمة الإدارية الجديدة إلى الشرق منها.",
        "يتركز جزء كبير من المساكن في القاهرة الجديدة داخل مجمعات سكنية مسوّرة أنشأها مطوّرون من القطاع الخاص، وتضم شققاً ودوبلكسات وتاون هاوس وفللاً مع خدمات الأمن والمساحات الخضراء والمسابح والنوادي الاجتماعية. وتوجد أيضاً عمارات مستقلة في الأحياء الواقعة بين المجمعات، وغالباً ما تكون أرخص لكن مرافقها المشتركة أقل.",
        "الحياة اليومية. يشكّل شارع التسعين بشقيه الشمالي والجنوبي العمود الفقري للمنطقة، وتصطف على جانبيه البنوك والمكاتب والمطاعم ومراكز التسوق، ويُعد كايرو فستيفال سيتي وجهة تسوق رئيسية. ويقع هنا الحرم الرئيسي للجامعة الأمريكية بالقاهرة إلى جانب كثير من المدارس الدولية والوطنية، مما يجعل المنطقة مفضلة لدى الأسر. والسيارة تكاد تكون ضرورية، فالمسافات طويلة والمواصلات العامة محدودة.",
        "الشراء في القاهرة الجديدة. تتم كثير من عمليات البيع في المجمعات على المخطط بخطط تقسيط طويلة تمتد لعدة سنوات، بينما تتطلب وحدات إعادة البيع عادةً الدفع نقداً أو بخطة أقصر. تحقّق من سجل المطوّر في التسليم، ومن قيمة وديعة الصيانة والرسوم السنوية، ومن سماح العقد بإعادة البيع قبل الاستلام وبأي رسوم.",
        "المستندات مهمة. فكثير من العقارات في مصر غير مسجلة في مصلحة الشهر العقاري، ويعتمد المشترون غالباً على عقود مع المطوّر. اطلب من محامٍ مراجعة تسلسل العقود، والتأكد من حق البائع في البيع، والتحقق من عدم وجود أقساط متأخرة. ويحق للأجانب شراء العقارات السكنية وفق شروط معينة، لذا تأكد من الأنظمة الحالية لدى محامٍ أو مكتب التوثيق.",
      ),
    },
    photoKind: "pool",
    photoVariant: 6,
    publishedDaysAgo: 182,
  },
  {
    slug: "moving-to-riyadh-neighbourhoods-for-families",
    categoryKey: "neighbourhoods",
    title: {
      en: "Moving to Riyadh: neighbourhoods for families",
      ar: "الانتقال إلى الرياض: أحياء مناسبة للأسر",
    },
    summary: {
      en: "From the newer northern districts to central areas and compounds, an overview of Riyadh neighbourhoods families often consider, and what to check before renting.",
      ar: "من الأحياء الشمالية الحديثة إلى الأحياء المركزية والمجمعات السكنية، نظرة عامة على أحياء الرياض التي تفضلها الأسر، وما تتحقق منه قبل الاستئجار.",
    },
    body: {
      en: p(
        "Riyadh has grown quickly in recent years, with many companies moving their regional headquarters to the city and large projects under way across it. For families, choosing a neighbourhood usually comes down to three things: the commute, the school, and whether you prefer a villa, an apartment or a residential compound.",
        "Northern districts such as Al Malqa, Hittin, Al Yasmin, Al Narjis and Al Sahafa are popular with families for their newer villas and apartments, wide streets, parks and many private and international schools. They are well placed for King Abdullah Financial District and the business areas along King Fahd Road and the northern ring road, although peak-hour traffic can be heavy.",
        "More central areas such as Al Olaya, Al Sulaimaniyah and Al Nakheel offer easy access to offices, shops and hospitals, and a wide choice of older but often more spacious homes. The Diplomatic Quarter, west of the centre, is green and quiet, with embassies, parks and walking trails, and is popular with expatriate families.",
        "Many expatriate families choose residential compounds, which offer villas or apartments inside a secure perimeter with pools, gyms, school transport and community events. They are convenient and sociable but cost more, and the most sought-after ones can have waiting lists, so start looking early. Ask what the rent includes, since utilities, maintenance, internet and facilities vary from one compound to another.",
        "Practical tips. Residential leases in Saudi Arabia should be documented on the Ejar platform, which protects both tenant and landlord, so ask the landlord or broker to register the contract there. Rent has traditionally been paid in advance in one or two instalments, although more flexible terms are increasingly common. Check that the broker is licensed by the Real Estate General Authority, test the drive at the times you will commute, and secure a school place before committing to a long lease.",
      ),
      ar: p(
        "شهدت الرياض نمواً سريعاً في السنوات الأخيرة، مع نقل كثير من الشركات مقارها الإقليمية إلى المدينة وتنفيذ مشاريع كبرى في أنحائها. وبالنسبة إلى الأسر، يتوقف اختيار الحي عادةً على ثلاثة أمور: المسافة إلى العمل، والمدرسة، وتفضيل الفيلا أو الشقة أو المجمع السكني.",
        "تحظى الأحياء الشمالية مثل الملقا وحطين والياسمين والنرجس والصحافة بشعبية لدى الأسر بفضل فللها وشققها الحديثة وشوارعها الواسعة وحدائقها وكثرة المدارس الخاصة والدولية فيها. كما أنها قريبة من مركز الملك عبدالله المالي ومناطق الأعمال الممتدة على طريق الملك فهد والطريق الدائري الشمالي، وإن كانت حركة المرور في أوقات الذروة قد تكون كثيفة.",
        "أما الأحياء الأقرب إلى الوسط مثل العليا والسليمانية والنخيل فتتيح وصولاً سهلاً إلى المكاتب والمتاجر والمستشفيات، وخيارات واسعة من المساكن الأقدم التي تكون غالباً أرحب مساحة. ويتميز حي السفارات، غرب وسط المدينة، بالخضرة والهدوء، وفيه السفارات والحدائق وممرات المشي، ويحظى بشعبية لدى الأسر المقيمة من الخارج.",
        "تختار كثير من الأسر الوافدة المجمعات السكنية التي توفر فللاً أو شققاً داخل سور آمن مع مسابح وصالات رياضية ونقل مدرسي وفعاليات اجتماعية. وهي مريحة وتتيح حياة اجتماعية نشطة لكنها أغلى، وقد تكون لأكثرها طلباً قوائم انتظار، فابدأ البحث مبكراً. واسأل عمّا يشمله الإيجار، فالخدمات والصيانة والإنترنت والمرافق تختلف من مجمع إلى آخر.",
        "نصائح عملية. ينبغي توثيق عقود الإيجار السكنية في المملكة عبر منصة إيجار التي تحمي المستأجر والمؤجر معاً، فاطلب من المالك أو الوسيط تسجيل العقد فيها. وقد جرت العادة على دفع الإيجار مقدماً على دفعة أو دفعتين، وإن أصبحت الشروط الأكثر مرونة شائعة بشكل متزايد. تحقّق من أن الوسيط مرخّص من الهيئة العامة للعقار، وجرّب الطريق في أوقات تنقلك الفعلية، واحجز مقعداً في المدرسة قبل الالتزام بعقد طويل.",
      ),
    },
    photoKind: "bedroom",
    photoVariant: 0,
    publishedDaysAgo: 29,
  },
];

const FAQS: DemoFaq[] = [
  {
    sequence: 1,
    question: {
      en: "How do I search and filter listings?",
      ar: "كيف أبحث في الإعلانات وأستخدم عوامل التصفية؟",
    },
    answer: {
      en: "Start from the search box on the home page or the Properties page: type a city, neighbourhood or keyword and choose whether you want to buy or rent. Then narrow the results with filters such as category, price range, bedrooms and other details, and sort them by newest or by price. Save the listings you like to your favourites to compare them later.",
      ar: "ابدأ من مربع البحث في الصفحة الرئيسية أو في صفحة العقارات: اكتب اسم مدينة أو حي أو كلمة مفتاحية، واختر ما إذا كنت تريد الشراء أو الإيجار. ثم ضيّق النتائج باستخدام عوامل التصفية مثل الفئة ونطاق السعر وعدد غرف النوم وغيرها من التفاصيل، ورتّبها حسب الأحدث أو حسب السعر. واحفظ الإعلانات التي تعجبك في المفضلة لتقارن بينها لاحقاً.",
    },
  },
  {
    sequence: 2,
    question: { en: "How do I contact an owner or agent?", ar: "كيف أتواصل مع المالك أو الوسيط؟" },
    answer: {
      en: "Open the listing and use the contact buttons on the page to message the owner or agent through the chat or, where they have chosen to show it, to call them. You need to be signed in to send messages. For your safety, keep the conversation on the platform until you have verified who you are dealing with, and never pay anything before viewing the property.",
      ar: "افتح الإعلان واستخدم أزرار التواصل في الصفحة لمراسلة المالك أو الوسيط عبر المحادثة، أو للاتصال به إذا اختار إظهار رقمه. ويجب أن تكون مسجلاً الدخول لإرسال الرسائل. وحفاظاً على سلامتك، أبقِ المحادثة داخل المنصة حتى تتحقق من هوية من تتعامل معه، ولا تدفع أي مبلغ قبل معاينة العقار.",
    },
  },
  {
    sequence: 3,
    question: { en: "What does 'Featured' mean?", ar: "ماذا تعني عبارة «مميز»؟" },
    answer: {
      en: "Featured listings have been promoted by their owner or agent using a package. They appear in prominent places, such as the home page and near the top of search results, and carry a Featured label. Being featured does not mean we have inspected or endorsed the property, so check a featured listing just as carefully as any other.",
      ar: "الإعلانات المميزة هي إعلانات روّج لها مالكها أو الوسيط باستخدام إحدى الباقات. وتظهر في أماكن بارزة مثل الصفحة الرئيسية وأعلى نتائج البحث، وتحمل علامة «مميز». ولا يعني التمييز أننا عاينّا العقار أو أننا نوصي به، لذا تحقّق من الإعلان المميز بالعناية نفسها التي تتحقق بها من أي إعلان آخر.",
    },
  },
  {
    sequence: 4,
    question: { en: "What does the verified agent badge mean?", ar: "ماذا تعني شارة الوسيط الموثّق؟" },
    answer: {
      en: "The verified badge means the agent has submitted identity documents and, where required, their broker licence, and our team has reviewed them. It confirms who the agent is; it is not a guarantee of any individual listing. You can also check a broker's licence directly with the relevant authority, such as RERA in Dubai or REGA in Saudi Arabia.",
      ar: "تعني شارة التوثيق أن الوسيط قدّم مستندات إثبات الهوية، وكذلك رخصة الوساطة حيث تكون مطلوبة، وأن فريقنا راجعها. فهي تؤكد هوية الوسيط، لكنها ليست ضماناً لأي إعلان بعينه. ويمكنك أيضاً التحقق من رخصة الوسيط مباشرةً لدى الجهة المختصة، مثل مؤسسة التنظيم العقاري في دبي أو الهيئة العامة للعقار في المملكة العربية السعودية.",
    },
  },
  {
    sequence: 5,
    question: { en: "How do I list a property?", ar: "كيف أنشر إعلاناً عن عقار؟" },
    answer: {
      en: "Create an account and complete your profile, including your name, phone number and whether you are an owner, agent or developer; a complete profile is required before you can post. Then choose to add a property, pick a category, enter the price, location and details, upload photos and submit. Some listings require the agent to be verified first, and the number of listings you can have active at once is set by your package.",
      ar: "أنشئ حساباً وأكمل ملفك الشخصي، بما في ذلك اسمك ورقم هاتفك وصفتك كمالك أو وسيط أو مطوّر، فاستكمال الملف الشخصي شرط للنشر. ثم اختر إضافة عقار، وحدّد الفئة، وأدخل السعر والموقع والتفاصيل، وارفع الصور، وأرسل الإعلان. وتتطلب بعض الإعلانات أن يكون الوسيط موثّقاً أولاً، أما عدد الإعلانات التي يمكن أن تكون نشطة في الوقت نفسه فتحدده باقتك.",
    },
  },
  {
    sequence: 6,
    question: { en: "Why is my listing pending review?", ar: "لماذا إعلاني قيد المراجعة؟" },
    answer: {
      en: "New and edited listings may be checked by our moderators before they go live, to make sure the photos, price and details are genuine and follow our rules. If something needs to change, we will tell you why, and you can edit and resubmit. A listing can also stay pending while your profile is incomplete or your agent verification is still being processed.",
      ar: "قد يراجع المشرفون لدينا الإعلانات الجديدة والمعدّلة قبل نشرها، للتأكد من أن الصور والسعر والتفاصيل حقيقية وتتوافق مع قواعدنا. وإذا احتاج أمر ما إلى تعديل فسنوضح لك السبب، ويمكنك التعديل وإعادة الإرسال. وقد يبقى الإعلان أيضاً قيد المراجعة إذا كان ملفك الشخصي غير مكتمل أو كان طلب توثيقك كوسيط لا يزال قيد المعالجة.",
    },
  },
  {
    sequence: 7,
    question: { en: "How do I report a listing?", ar: "كيف أبلّغ عن إعلان؟" },
    answer: {
      en: "Open the listing, press Report, choose a reason such as fake listing, wrong price, already rented or sold, or suspected scam, and add any details that help. Reports are confidential and the owner is not told who sent them. Our team reviews every report and may hide or remove the listing or suspend the account.",
      ar: "افتح الإعلان واضغط على زر الإبلاغ، ثم اختر السبب، مثل إعلان وهمي أو سعر غير صحيح أو عقار مؤجر أو مباع بالفعل أو اشتباه في احتيال، وأضف أي تفاصيل مفيدة. والبلاغات سرية، ولا نُعلم صاحب الإعلان بهوية من أرسلها. ويراجع فريقنا كل بلاغ، وقد يخفي الإعلان أو يحذفه أو يوقف الحساب.",
    },
  },
  {
    sequence: 8,
    question: { en: "How do I block someone?", ar: "كيف أحظر مستخدماً؟" },
    answer: {
      en: "Open your conversation with that person or their profile and choose Block. A blocked user can no longer send you messages, and you will stop receiving notifications from them. You can unblock them later from your account. If the person is harassing you or trying to scam you, please report them as well.",
      ar: "افتح محادثتك مع ذلك الشخص أو ملفه الشخصي واختر «حظر». ولن يتمكن المستخدم المحظور من إرسال رسائل إليك، وستتوقف عن تلقي الإشعارات منه. ويمكنك إلغاء الحظر لاحقاً من حسابك. وإذا كان الشخص يزعجك أو يحاول الاحتيال عليك، فنرجو أن تبلّغ عنه أيضاً.",
    },
  },
  {
    sequence: 9,
    question: { en: "How do packages and payments work?", ar: "كيف تعمل الباقات والمدفوعات؟" },
    answer: {
      en: "A package bundles a set number of listings and featured listings that you can use for a fixed number of days. Choose a package from your account and pay online; the new limits apply once the payment is confirmed. When the package expires, any unused allowance ends with it and featured listings return to normal. Card payments are handled by a secure payment provider, and we do not store your card number.",
      ar: "تجمع الباقة عدداً محدداً من الإعلانات والإعلانات المميزة يمكنك استخدامها خلال عدد محدد من الأيام. اختر الباقة من حسابك وادفع إلكترونياً، وتُطبَّق الحدود الجديدة بمجرد تأكيد الدفع. وعند انتهاء الباقة ينتهي معها أي رصيد غير مستخدم، وتعود الإعلانات المميزة إلى وضعها العادي. وتُعالَج المدفوعات بالبطاقة عبر مزوّد دفع آمن، ولا نحتفظ برقم بطاقتك.",
    },
  },
  {
    sequence: 10,
    question: { en: "Is my phone number shown on my listings?", ar: "هل يظهر رقم هاتفي في إعلاناتي؟" },
    answer: {
      en: "Your phone number is used to secure your account. It is shown on your listings only if you choose to display it; otherwise people reach you through the chat. We never show your email address publicly. Think twice before sharing your number with people you have not verified.",
      ar: "يُستخدم رقم هاتفك لتأمين حسابك، ولا يظهر في إعلاناتك إلا إذا اخترت إظهاره، وإلا فسيتواصل معك الآخرون عبر المحادثة. ولا نعرض بريدك الإلكتروني للعامة أبداً. وفكّر جيداً قبل مشاركة رقمك مع أشخاص لم تتحقق منهم.",
    },
  },
  {
    sequence: 11,
    question: { en: "How do I change the language?", ar: "كيف أغيّر اللغة؟" },
    answer: {
      en: "Use the language switcher in the site header to move between English and Arabic. Menus, labels and page direction change with the language, and Arabic pages have addresses that begin with /ar. Listings are shown in the language their owner wrote them in.",
      ar: "استخدم زر تبديل اللغة في أعلى الموقع للتنقل بين العربية والإنجليزية. وتتغير القوائم والعناوين واتجاه الصفحة مع اللغة، وتبدأ عناوين الصفحات العربية بـ /ar. أما الإعلانات فتظهر باللغة التي كتبها بها أصحابها.",
    },
  },
  {
    sequence: 12,
    question: { en: "How do I delete my account?", ar: "كيف أحذف حسابي؟" },
    answer: {
      en: "Sign in, open My profile and choose “Delete my account” (the page /user/profile/delete). You can download a copy of your data there first. If you last signed in more than five minutes ago, you are asked to sign in again. Deleting removes at once your profile, listings, photos, favourites, notifications and verification documents; messages you sent stay in the other person's conversation as “Message deleted”, and payment records are kept for the accounts without your name, email address or phone number.",
      ar: "سجّل الدخول وافتح «ملفي الشخصي» واختر «حذف حسابي» (الصفحة ‎/ar/user/profile/delete). ويمكنك أولاً تنزيل نسخة من بياناتك من الصفحة نفسها. وإذا مرّ على آخر تسجيل دخول لك أكثر من خمس دقائق فسنطلب منك تسجيل الدخول مرة أخرى. ويحذف ذلك فوراً ملفك الشخصي وإعلاناتك وصورك ومفضلاتك وإشعاراتك ومستندات التوثيق؛ أما الرسائل التي أرسلتها فتبقى في محادثة الطرف الآخر بعبارة «تم حذف الرسالة»، وتُحفظ سجلات الدفع لأغراض المحاسبة دون اسمك أو بريدك الإلكتروني أو رقم هاتفك.",
    },
  },
];

const ABOUT: I18nText = {
  en: p(
    "We are an open-source marketplace for buying, selling and renting property across the United Arab Emirates, Saudi Arabia, Oman and Egypt. Owners, agents and developers publish their listings here, and buyers and tenants can search, compare and contact them directly, in English or in Arabic.",
    "The site is built to be fast and light, so pages load quickly even on older phones and slow mobile connections, and it reads naturally right-to-left in Arabic and left-to-right in English. Listings show clear prices, photos, locations and key details, and agents can be verified so you know who you are dealing with.",
    "Because the code is open source, anyone can see how it works, suggest improvements or run it for their own market. If you have feedback or need help, reach our support team through the Contact page.",
  ),
  ar: p(
    "نحن منصة مفتوحة المصدر لشراء العقارات وبيعها وتأجيرها في الإمارات العربية المتحدة والمملكة العربية السعودية وسلطنة عُمان ومصر. ينشر الملاك والوسطاء والمطوّرون إعلاناتهم هنا، ويستطيع المشترون والمستأجرون البحث والمقارنة والتواصل معهم مباشرةً، باللغة العربية أو الإنجليزية.",
    "صُمّم الموقع ليكون سريعاً وخفيفاً، فتُحمَّل صفحاته بسرعة حتى على الهواتف القديمة وشبكات الجوال البطيئة، ويُقرأ بشكل طبيعي من اليمين إلى اليسار بالعربية ومن اليسار إلى اليمين بالإنجليزية. وتعرض الإعلانات الأسعار والصور والمواقع والتفاصيل الأساسية بوضوح، ويمكن توثيق الوسطاء حتى تعرف مع من تتعامل.",
    "ولأن الشيفرة مفتوحة المصدر، يستطيع أي شخص الاطلاع على طريقة عملها أو اقتراح تحسينات أو تشغيلها لسوقه الخاصة. وإذا كانت لديك ملاحظات أو احتجت إلى مساعدة، فتواصل مع فريق الدعم عبر صفحة «اتصل بنا».",
  ),
};

/** Article categories, articles, FAQs and the about text. Returns fresh copies on every call. */
export function demoContent(): DemoContent {
  return structuredClone({
    articleCategories: ARTICLE_CATEGORIES,
    articles: ARTICLES,
    faqs: FAQS,
    about: ABOUT,
  });
}
