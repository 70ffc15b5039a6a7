// The content editors' calls: categories and their details, facilities, report reasons, articles
// and their categories, FAQs. Spread into the console's calls.
import {
  adminArticle,
  adminArticleCategories,
  adminArticles,
  adminDeleteArticle,
  adminDeleteArticleCategory,
  adminSaveArticle,
  adminSaveArticleCategory,
} from "./articles";
import { adminCategories, adminDeleteCategory, adminSaveCategory } from "./categories";
import { adminDeleteFacility, adminFacilities, adminSaveFacility } from "./facilities";
import { adminDeleteFaq, adminFaqs, adminMoveFaq, adminSaveFaq } from "./faqs";
import { adminDeleteParameter, adminParameters, adminSaveParameter } from "./parameters";
import { adminDeleteReportReason, adminReportReasons, adminSaveReportReason } from "./report-reasons";

export const adminContentCalls = {
  "admin/categories": adminCategories,
  "admin/save-category": adminSaveCategory,
  "admin/delete-category": adminDeleteCategory,
  "admin/parameters": adminParameters,
  "admin/save-parameter": adminSaveParameter,
  "admin/delete-parameter": adminDeleteParameter,
  "admin/facilities": adminFacilities,
  "admin/save-facility": adminSaveFacility,
  "admin/delete-facility": adminDeleteFacility,
  "admin/report-reasons": adminReportReasons,
  "admin/save-report-reason": adminSaveReportReason,
  "admin/delete-report-reason": adminDeleteReportReason,
  "admin/articles": adminArticles,
  "admin/article": adminArticle,
  "admin/save-article": adminSaveArticle,
  "admin/delete-article": adminDeleteArticle,
  "admin/article-categories": adminArticleCategories,
  "admin/save-article-category": adminSaveArticleCategory,
  "admin/delete-article-category": adminDeleteArticleCategory,
  "admin/faqs": adminFaqs,
  "admin/save-faq": adminSaveFaq,
  "admin/move-faq": adminMoveFaq,
  "admin/delete-faq": adminDeleteFaq,
};
