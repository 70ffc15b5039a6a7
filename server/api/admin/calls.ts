// The admin console's calls (decision 019). Each is `access: "admin"`: the API refuses it (403)
// to anyone whose token lacks the admin claim, before the input is read.
import { adminAuditLogCall } from "./audit";
import { adminOverview } from "./overview";
import { adminSaveSettings, adminSettings } from "./settings";
import { adminLanguages, adminSaveLanguage } from "./languages";
import { adminDeleteSlide, adminHome, adminMoveSlide, adminSaveHomeSections, adminSaveSlide } from "./home";
import { adminSendNotification } from "./broadcast";
import {
  adminDeletePackage,
  adminPackage,
  adminPackages,
  adminRetirePackage,
  adminSavePackage,
} from "./packages";
import { adminPayments, adminReviewPayment } from "./payments";
import { adminDecideVerification, adminVerification, adminVerifications } from "./verifications";
import {
  adminListingStatusCall,
  adminProjectsCall,
  adminPropertiesCall,
  adminReviewListingCall,
} from "../listings/moderation";
import { adminAdvertisementsCall, adminReviewAdvertisementCall } from "./advertisements";
import { adminAssignPackage, adminDeactivateUser, adminReactivateUser, adminUser, adminUsers } from "./users";
import { adminReports, adminResolveReport } from "./reports";
import { adminContactMessageStatus, adminInbox } from "./inbox";
import { adminContentCalls } from "./content/calls";
import {
  adminAssignPhotographerCall,
  adminPhotographersCall,
  adminPhotoSessionsCall,
  adminSetPhotographerCall,
} from "./photo-sessions";

export const adminCalls = {
  ...adminContentCalls,
  "admin/overview": adminOverview,
  "admin/audit-log": adminAuditLogCall,
  "admin/settings": adminSettings,
  "admin/save-settings": adminSaveSettings,
  "admin/languages": adminLanguages,
  "admin/save-language": adminSaveLanguage,
  "admin/home": adminHome,
  "admin/save-slide": adminSaveSlide,
  "admin/move-slide": adminMoveSlide,
  "admin/delete-slide": adminDeleteSlide,
  "admin/save-home-sections": adminSaveHomeSections,
  "admin/send-notification": adminSendNotification,
  "admin/packages": adminPackages,
  "admin/package": adminPackage,
  "admin/save-package": adminSavePackage,
  "admin/retire-package": adminRetirePackage,
  "admin/delete-package": adminDeletePackage,
  "admin/payments": adminPayments,
  "admin/review-payment": adminReviewPayment,
  "admin/verifications": adminVerifications,
  "admin/verification": adminVerification,
  "admin/decide-verification": adminDecideVerification,
  "admin/properties": adminPropertiesCall,
  "admin/projects": adminProjectsCall,
  "admin/review-listing": adminReviewListingCall,
  "admin/listing-status": adminListingStatusCall,
  "admin/advertisements": adminAdvertisementsCall,
  "admin/review-advertisement": adminReviewAdvertisementCall,
  "admin/reports": adminReports,
  "admin/resolve-report": adminResolveReport,
  "admin/inbox": adminInbox,
  "admin/contact-message-status": adminContactMessageStatus,
  "admin/users": adminUsers,
  "admin/user": adminUser,
  "admin/deactivate-user": adminDeactivateUser,
  "admin/reactivate-user": adminReactivateUser,
  "admin/assign-package": adminAssignPackage,
  "admin/photo-sessions": adminPhotoSessionsCall,
  "admin/assign-photographer": adminAssignPhotographerCall,
  "admin/set-photographer": adminSetPhotographerCall,
  "admin/photographers": adminPhotographersCall,
};
