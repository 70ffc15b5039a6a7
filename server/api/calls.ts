// Every call of the API, by its spec name. The typed client and the OpenAPI document read this list.
import {
  importListings,
  listingImport,
  listingImports,
  scrapeBayut,
  scrapeDubizzle,
  scrapePropertyFinder,
} from "./imports/calls";
import {
  addTourRoom,
  create3dModel,
  deleteTourRoom,
  get3dModel,
  getDraftTour,
  getTour,
  getTourOfProperty,
  putFloorplan,
  updateTour,
  updateTourRoom,
} from "./tours/calls";
import { getCategories } from "./categories/calls";
import { getFacilities, getFacilitiesForFilter } from "./facilities/calls";
import { getNearbyProperties } from "./listings/property/nearby";
import {
  getCitiesData,
  getMapClusters,
  getProperty,
  getPropertyList,
  getSitemapEntries,
  setPropertyTotalClick,
} from "./listings/property/calls";
import { getLanguages, webSettings } from "./settings/calls";
import {
  getProfile,
  updateProfileCall,
  userLogin,
  userRegister,
  userRegisterProfile,
  userSignup,
} from "./users/calls";
import { deleteUser, exportMyData } from "./users/leave-calls";
import { contactUs } from "./contact/calls";
import { getArticleCategories, getArticles, getFaqs } from "./content/calls";
import { homepageData } from "./home/calls";
import { agentList, agentProperties } from "./agents/calls";
import {
  developerList,
  developerProjects,
  getProjectDetail,
  getProjects,
  getProjectSitemapEntries,
} from "./listings/project/calls";
import { mortgageCalculator } from "./tools/calls";
import {
  changeProjectStatus,
  changePropertyStatus,
  deleteProject,
  deleteProperty,
  getAddedProjects,
  getAddedProperties,
  getInterestedUsers,
  getUserDashboard,
  updatePropertyStatus,
} from "./listings/calls";
import { checkPackageLimit, getPackage } from "./packages/calls";
import {
  deleteAdvertisement,
  getAdvertisements,
  getFeaturedData,
  storeAdvertisement,
} from "./advertisements/calls";
import { getOwnProperty, postProperty, updatePostProperty } from "./listings/property/post";
import { locationOptionsCall, reverseGeocodeCall } from "./listings/property/geocode";
import { getOwnProject, postProject } from "./listings/project/post";
import {
  assignPackageCall,
  bankTransfer,
  createCheckoutSession,
  createPaymentIntent,
  flutterwaveCall,
  getPaymentDetails,
  getPaymentSettings,
  paymentStatus,
  paymentTransactionFail,
  paypalCall,
  paystackCall,
} from "./payments/calls";
import { addFavourite, getFavouriteProperty, getInterest, interestedUsersCall } from "./favourites/calls";
import {
  addReports,
  blockUser,
  getBlockedUsers,
  getReportReasons,
  getReportStatus,
  unblockUser,
} from "./reports/calls";
import { getNotificationList, readNotifications } from "./notifications/calls";
import { getOtp, verifyOtp, verifyOtpByPost } from "./otp/calls";
import {
  emailLink,
  emailLinkLogin,
  forgotPassword,
  idpAuthUri,
  idpLogin,
  passwordResetCode,
  passwordResetCodeByPost,
  phoneCode,
  phoneLogin,
  resetPassword,
  signInProfile,
} from "./sign-in/calls";
import { beforeLogout, updateFcmId } from "./push/calls";
import { deleteChatMessage, getChats, getMessages, getUnreadCounts, sendMessageCall } from "./chat/calls";
import {
  applyAgentVerification,
  getAgentVerificationFormFields,
  getAgentVerificationFormValues,
} from "./verification/calls";
import { adminCalls } from "./admin/calls";
import { revealContactCall } from "./leads/calls";
import {
  deletePersonalisedFields,
  dismissRecommendation,
  getPersonalisedFields,
  getUserRecommendation,
  savePersonalisedFields,
} from "./feed/calls";
import { addSavedPlace, deleteSavedPlace, getCustomerSavedPlaces } from "./saved-places/calls";
import {
  deleteSavedSearch,
  getSavedSearch,
  getSavedSearches,
  saveSearchCall,
  savedSearchUnsubscribe,
  updateSavedSearch,
} from "./saved-searches/calls";
import { computeRoute, expandShortUrl } from "./maps/calls";
import {
  cancelPhotoSession,
  completePhotoSession,
  getActiveSessions,
  getCompletedSessions,
  getPhotoSessions,
  requestPhotoSession,
  reviewPhotoSession,
} from "./photo-sessions/calls";
import type { z } from "zod";

export const calls = {
  "web-settings": webSettings,
  get_languages: getLanguages,
  get_categories: getCategories,
  get_facilities: getFacilities,
  "get-facilities-for-filter": getFacilitiesForFilter,
  "get-cities-data": getCitiesData,
  get_property: getProperty,
  "get-property-list": getPropertyList,
  "personalised-fields": getPersonalisedFields,
  "save-personalised-fields": savePersonalisedFields,
  "delete-personalised-fields": deletePersonalisedFields,
  get_user_recommendation: getUserRecommendation,
  "user-saved-places": addSavedPlace,
  "user-saved-places-of-customer": getCustomerSavedPlaces,
  "delete-user-saved-place": deleteSavedPlace,
  "saved-searches": getSavedSearches,
  "save-search": saveSearchCall,
  "saved-search": getSavedSearch,
  "update-saved-search": updateSavedSearch,
  "delete-saved-search": deleteSavedSearch,
  "saved-search-unsubscribe": savedSearchUnsubscribe,
  "dismiss-recommendation": dismissRecommendation,
  get_nearby_properties: getNearbyProperties,
  "get-map-clusters": getMapClusters,
  "sitemap-entries": getSitemapEntries,
  set_property_total_click: setPropertyTotalClick,
  user_signup: userSignup,
  "user-register": userRegister,
  "user-register-profile": userRegisterProfile,
  "user-login": userLogin,
  "forgot-password": forgotPassword,
  "password-reset-code": passwordResetCode,
  "password-reset-code-post": passwordResetCodeByPost,
  "reset-password": resetPassword,
  "email-link": emailLink,
  "email-link-login": emailLinkLogin,
  "phone-code": phoneCode,
  "phone-login": phoneLogin,
  "idp-auth-uri": idpAuthUri,
  "idp-login": idpLogin,
  "sign-in-profile": signInProfile,
  "get-otp": getOtp,
  "verify-otp": verifyOtp,
  "verify-otp-post": verifyOtpByPost,
  update_profile: updateProfileCall,
  "get-profile": getProfile,
  delete_user: deleteUser,
  "export-my-data": exportMyData,
  contct_us: contactUs,
  get_articles: getArticles,
  get_article_categories: getArticleCategories,
  faqs: getFaqs,
  "homepage-data": homepageData,
  "agent-list": agentList,
  "agent-properties": agentProperties,
  "get-projects": getProjects,
  "get-project-detail": getProjectDetail,
  "developer-list": developerList,
  "developer-projects": developerProjects,
  "sitemap-project-entries": getProjectSitemapEntries,
  "mortgage-calculator": mortgageCalculator,
  "get-added-properties": getAddedProperties,
  "get-added-projects": getAddedProjects,
  get_interested_users: getInterestedUsers,
  add_favourite: addFavourite,
  get_favourite_property: getFavouriteProperty,
  interested_users: interestedUsersCall,
  "get-interest": getInterest,
  get_notification_list: getNotificationList,
  "read-notifications": readNotifications,
  "update-fcm-id": updateFcmId,
  "before-logout": beforeLogout,
  get_chats: getChats,
  get_messages: getMessages,
  send_message: sendMessageCall,
  delete_chat_message: deleteChatMessage,
  "get-unread-counts": getUnreadCounts,
  "get-agent-verification-form-fields": getAgentVerificationFormFields,
  "apply-agent-verification": applyAgentVerification,
  "get-agent-verification-form-values": getAgentVerificationFormValues,
  get_report_reasons: getReportReasons,
  add_reports: addReports,
  "get-report-status": getReportStatus,
  "block-user": blockUser,
  "unblock-user": unblockUser,
  "get-blocked-users": getBlockedUsers,
  "get-user-dashboard": getUserDashboard,
  "change-property-status": changePropertyStatus,
  "change-project-status": changeProjectStatus,
  update_property_status: updatePropertyStatus,
  delete_property: deleteProperty,
  delete_project: deleteProject,
  "check-package-limit": checkPackageLimit,
  store_advertisement: storeAdvertisement,
  "get-featured-data": getFeaturedData,
  "get-advertisements": getAdvertisements,
  "delete-advertisement": deleteAdvertisement,
  "get-package": getPackage,
  get_payment_settings: getPaymentSettings,
  get_payment_details: getPaymentDetails,
  assign_package: assignPackageCall,
  "create-payment-intent": createPaymentIntent,
  "create-checkout-session": createCheckoutSession,
  paystack: paystackCall,
  flutterwave: flutterwaveCall,
  paypal: paypalCall,
  "payment-transaction-fail": paymentTransactionFail,
  "payment-status": paymentStatus,
  "bank-transfer": bankTransfer,
  post_property: postProperty,
  update_post_property: updatePostProperty,
  "get-own-property": getOwnProperty,
  "reverse-geocode": reverseGeocodeCall,
  "expand-shorturl": expandShortUrl,
  "compute-route": computeRoute,
  "get-location-options": locationOptionsCall,
  post_project: postProject,
  "get-own-project": getOwnProject,
  "reveal-contact": revealContactCall,
  "draft-tours-get": getDraftTour,
  "virtual-tour": getTour,
  "update-virtual-tour": updateTour,
  "virtual-tour-of-property": getTourOfProperty,
  "virtual-tour-floorplan": putFloorplan,
  "add-tour-room": addTourRoom,
  "update-tour-room": updateTourRoom,
  "delete-tour-room": deleteTourRoom,
  "create-3d-model": create3dModel,
  "get-3d-model": get3dModel,
  "scrape-propertyfinder": scrapePropertyFinder,
  "scrape-buyut": scrapeBayut,
  "scrape-dubizzle": scrapeDubizzle,
  "import-listings": importListings,
  "listing-imports": listingImports,
  "listing-import": listingImport,
  "photographer-active-sessions": getActiveSessions,
  "photographer-completed-sessions": getCompletedSessions,
  "complete-photo-session": completePhotoSession,
  "review-photo-session": reviewPhotoSession,
  "request-photo-session": requestPhotoSession,
  "photo-sessions": getPhotoSessions,
  "cancel-photo-session": cancelPhotoSession,
  ...adminCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]["input"]>;
/** `data` of a call's answer as the JSON carries it (dates are ISO strings): its output schema's type. */
export type CallData<N extends CallName> = z.output<Calls[N]["output"]>;
