/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type CollectionSummaryQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CollectionSummaryQuery = { collection: AdminTypes.Maybe<(
    Pick<AdminTypes.Collection, 'id' | 'title'>
    & { productsCount: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> }
  )> };

export type CollectionProductsPageQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  imagesPerProduct: AdminTypes.Scalars['Int']['input'];
  source: AdminTypes.ImageTransformInput;
  thumbnail: AdminTypes.ImageTransformInput;
}>;


export type CollectionProductsPageQuery = { collection: AdminTypes.Maybe<(
    Pick<AdminTypes.Collection, 'id'>
    & { products: { nodes: Array<(
        Pick<AdminTypes.Product, 'id' | 'title'>
        & { featuredMedia: AdminTypes.Maybe<{ preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, options: Array<Pick<AdminTypes.ProductOption, 'name'>>, media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id'> | (
            Pick<AdminTypes.MediaImage, 'id'>
            & { image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }
          ) | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> } }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
  )> };

export type FileCreateMutationVariables = AdminTypes.Exact<{
  files: Array<AdminTypes.FileCreateInput> | AdminTypes.FileCreateInput;
}>;


export type FileCreateMutation = { fileCreate: AdminTypes.Maybe<{ files: AdminTypes.Maybe<Array<Pick<AdminTypes.ExternalVideo, 'id' | 'fileStatus'> | Pick<AdminTypes.GenericFile, 'id' | 'fileStatus'> | Pick<AdminTypes.MediaImage, 'id' | 'fileStatus'> | Pick<AdminTypes.Model3d, 'id' | 'fileStatus'> | Pick<AdminTypes.Video, 'id' | 'fileStatus'>>>, userErrors: Array<Pick<AdminTypes.FilesUserError, 'code' | 'field' | 'message'>> }> };

export type FileStatusQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FileStatusQuery = { node: AdminTypes.Maybe<Pick<AdminTypes.AbandonedCheckout, 'id'> | Pick<AdminTypes.AbandonedCheckoutLineItem, 'id'> | Pick<AdminTypes.Abandonment, 'id'> | Pick<AdminTypes.AddAllProductsOperation, 'id'> | Pick<AdminTypes.AdditionalFee, 'id'> | Pick<AdminTypes.AnalyticsAnnotation, 'id'> | Pick<AdminTypes.AnalyticsTarget, 'id'> | Pick<AdminTypes.App, 'id'> | Pick<AdminTypes.AppCatalog, 'id'> | Pick<AdminTypes.AppCredit, 'id'> | Pick<AdminTypes.AppInstallation, 'id'> | Pick<AdminTypes.AppPurchaseOneTime, 'id'> | Pick<AdminTypes.AppRevenueAttributionRecord, 'id'> | Pick<AdminTypes.AppSubscription, 'id'> | Pick<AdminTypes.AppUsageRecord, 'id'> | Pick<AdminTypes.Article, 'id'> | Pick<AdminTypes.BasicEvent, 'id'> | Pick<AdminTypes.Blog, 'id'> | Pick<AdminTypes.BulkOperation, 'id'> | Pick<AdminTypes.BusinessEntity, 'id'> | Pick<AdminTypes.CalculatedOrder, 'id'> | Pick<AdminTypes.CartTransform, 'id'> | Pick<AdminTypes.CashDrawer, 'id'> | Pick<AdminTypes.CashManagementCustomReasonCode, 'id'> | Pick<AdminTypes.CashManagementDefaultReasonCode, 'id'> | Pick<AdminTypes.CashManagementSystemReasonCode, 'id'> | Pick<AdminTypes.CashTrackingAdjustment, 'id'> | Pick<AdminTypes.CashTrackingSession, 'id'> | Pick<AdminTypes.CatalogCsvOperation, 'id'> | Pick<AdminTypes.Channel, 'id'> | Pick<AdminTypes.ChannelDefinition, 'id'> | Pick<AdminTypes.ChannelInformation, 'id'> | Pick<AdminTypes.CheckoutAndAccountsConfiguration, 'id'> | Pick<AdminTypes.CheckoutAndAccountsConfigurationOverride, 'id'> | Pick<AdminTypes.CheckoutProfile, 'id'> | Pick<AdminTypes.Collection, 'id'> | Pick<AdminTypes.CollectionConditionsSource, 'id'> | Pick<AdminTypes.CollectionSubCollectionsSource, 'id'> | Pick<AdminTypes.Comment, 'id'> | Pick<AdminTypes.CommentEvent, 'id'> | Pick<AdminTypes.Company, 'id'> | Pick<AdminTypes.CompanyAddress, 'id'> | Pick<AdminTypes.CompanyContact, 'id'> | Pick<AdminTypes.CompanyContactRole, 'id'> | Pick<AdminTypes.CompanyContactRoleAssignment, 'id'> | Pick<AdminTypes.CompanyLocation, 'id'> | Pick<AdminTypes.CompanyLocationCatalog, 'id'> | Pick<AdminTypes.CompanyLocationStaffMemberAssignment, 'id'> | Pick<AdminTypes.ConsentPolicy, 'id'> | Pick<AdminTypes.CurrencyExchangeAdjustment, 'id'> | Pick<AdminTypes.Customer, 'id'> | Pick<AdminTypes.CustomerAccountAppExtensionPage, 'id'> | Pick<AdminTypes.CustomerAccountNativePage, 'id'> | Pick<AdminTypes.CustomerPaymentMethod, 'id'> | Pick<AdminTypes.CustomerSegmentMembersQuery, 'id'> | Pick<AdminTypes.CustomerVisit, 'id'> | Pick<AdminTypes.DeliveryCarrierService, 'id'> | Pick<AdminTypes.DeliveryCondition, 'id'> | Pick<AdminTypes.DeliveryCountry, 'id'> | Pick<AdminTypes.DeliveryCustomization, 'id'> | Pick<AdminTypes.DeliveryLocationGroup, 'id'> | Pick<AdminTypes.DeliveryMethod, 'id'> | Pick<AdminTypes.DeliveryMethodDefinition, 'id'> | Pick<AdminTypes.DeliveryParticipant, 'id'> | Pick<AdminTypes.DeliveryProfile, 'id'> | Pick<AdminTypes.DeliveryProfileItem, 'id'> | Pick<AdminTypes.DeliveryPromiseParticipant, 'id'> | Pick<AdminTypes.DeliveryPromiseProvider, 'id'> | Pick<AdminTypes.DeliveryProvince, 'id'> | Pick<AdminTypes.DeliveryRateDefinition, 'id'> | Pick<AdminTypes.DeliveryZone, 'id'> | Pick<AdminTypes.DiscountAutomaticBxgy, 'id'> | Pick<AdminTypes.DiscountAutomaticNode, 'id'> | Pick<AdminTypes.DiscountCodeNode, 'id'> | Pick<AdminTypes.DiscountNode, 'id'> | Pick<AdminTypes.DiscountRedeemCodeBulkCreation, 'id'> | Pick<AdminTypes.Domain, 'id'> | Pick<AdminTypes.DraftOrder, 'id'> | Pick<AdminTypes.DraftOrderLineItem, 'id'> | Pick<AdminTypes.DraftOrderTag, 'id'> | Pick<AdminTypes.Duty, 'id'> | Pick<AdminTypes.ExchangeLineItem, 'id'> | (
    Pick<AdminTypes.ExternalVideo, 'createdAt' | 'fileStatus' | 'id'>
    & { fileErrors: Array<Pick<AdminTypes.FileError, 'code' | 'message' | 'details'>>, preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
  ) | Pick<AdminTypes.Fulfillment, 'id'> | Pick<AdminTypes.FulfillmentConstraintRule, 'id'> | Pick<AdminTypes.FulfillmentEvent, 'id'> | Pick<AdminTypes.FulfillmentHold, 'id'> | Pick<AdminTypes.FulfillmentLineItem, 'id'> | Pick<AdminTypes.FulfillmentOrder, 'id'> | Pick<AdminTypes.FulfillmentOrderDestination, 'id'> | Pick<AdminTypes.FulfillmentOrderLineItem, 'id'> | Pick<AdminTypes.FulfillmentOrderMerchantRequest, 'id'> | (
    Pick<AdminTypes.GenericFile, 'createdAt' | 'fileStatus' | 'id'>
    & { fileErrors: Array<Pick<AdminTypes.FileError, 'code' | 'message' | 'details'>>, preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
  ) | Pick<AdminTypes.GiftCard, 'id'> | Pick<AdminTypes.GiftCardCashOutTransaction, 'id'> | Pick<AdminTypes.GiftCardCreditTransaction, 'id'> | Pick<AdminTypes.GiftCardDebitTransaction, 'id'> | Pick<AdminTypes.IdentityProviderSubject, 'id'> | Pick<AdminTypes.InventoryAdjustmentGroup, 'id'> | Pick<AdminTypes.InventoryItem, 'id'> | Pick<AdminTypes.InventoryItemMeasurement, 'id'> | Pick<AdminTypes.InventoryLevel, 'id'> | Pick<AdminTypes.InventoryQuantity, 'id'> | Pick<AdminTypes.InventoryShipment, 'id'> | Pick<AdminTypes.InventoryShipmentLineItem, 'id'> | Pick<AdminTypes.InventoryTransfer, 'id'> | Pick<AdminTypes.InventoryTransferLineItem, 'id'> | Pick<AdminTypes.LineItem, 'id'> | Pick<AdminTypes.LineItemGroup, 'id'> | Pick<AdminTypes.Location, 'id'> | Pick<AdminTypes.MailingAddress, 'id'> | Pick<AdminTypes.Market, 'id'> | Pick<AdminTypes.MarketCatalog, 'id'> | Pick<AdminTypes.MarketRegionCountry, 'id'> | Pick<AdminTypes.MarketRegionSubdivision, 'id'> | Pick<AdminTypes.MarketWebPresence, 'id'> | Pick<AdminTypes.MarketingActivity, 'id'> | Pick<AdminTypes.MarketingEvent, 'id'> | (
    Pick<AdminTypes.MediaImage, 'createdAt' | 'fileStatus' | 'id'>
    & { fileErrors: Array<Pick<AdminTypes.FileError, 'code' | 'message' | 'details'>>, preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }>, image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url' | 'width' | 'height'>> }
  ) | Pick<AdminTypes.Menu, 'id'> | Pick<AdminTypes.Metafield, 'id'> | Pick<AdminTypes.MetafieldDefinition, 'id'> | Pick<AdminTypes.Metaobject, 'id'> | Pick<AdminTypes.MetaobjectDefinition, 'id'> | (
    Pick<AdminTypes.Model3d, 'createdAt' | 'fileStatus' | 'id'>
    & { fileErrors: Array<Pick<AdminTypes.FileError, 'code' | 'message' | 'details'>>, preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
  ) | Pick<AdminTypes.OnlineStoreTheme, 'id'> | Pick<AdminTypes.Order, 'id'> | Pick<AdminTypes.OrderAdjustment, 'id'> | Pick<AdminTypes.OrderAttributionDefinition, 'id'> | Pick<AdminTypes.OrderCancelJobResult, 'id'> | Pick<AdminTypes.OrderCreateMandatePaymentJobResult, 'id'> | Pick<AdminTypes.OrderDisputeSummary, 'id'> | Pick<AdminTypes.OrderEditSession, 'id'> | Pick<AdminTypes.OrderTransaction, 'id'> | Pick<AdminTypes.Page, 'id'> | Pick<AdminTypes.PaymentCustomization, 'id'> | Pick<AdminTypes.PaymentMandate, 'id'> | Pick<AdminTypes.PaymentSchedule, 'id'> | Pick<AdminTypes.PaymentTerms, 'id'> | Pick<AdminTypes.PaymentTermsTemplate, 'id'> | Pick<AdminTypes.PointOfSaleDevice, 'id'> | Pick<AdminTypes.PointOfSaleDevicePaymentSession, 'id'> | Pick<AdminTypes.PriceList, 'id'> | Pick<AdminTypes.Product, 'id'> | Pick<AdminTypes.ProductBundleOperation, 'id'> | Pick<AdminTypes.ProductDeleteOperation, 'id'> | Pick<AdminTypes.ProductDuplicateOperation, 'id'> | Pick<AdminTypes.ProductFeed, 'id'> | Pick<AdminTypes.ProductOption, 'id'> | Pick<AdminTypes.ProductOptionValue, 'id'> | Pick<AdminTypes.ProductSetOperation, 'id'> | Pick<AdminTypes.ProductTaxonomyNode, 'id'> | Pick<AdminTypes.ProductVariant, 'id'> | Pick<AdminTypes.ProductVariantComponent, 'id'> | Pick<AdminTypes.Publication, 'id'> | Pick<AdminTypes.PublicationResourceOperation, 'id'> | Pick<AdminTypes.QuantityPriceBreak, 'id'> | Pick<AdminTypes.Refund, 'id'> | Pick<AdminTypes.RefundShippingLine, 'id'> | Pick<AdminTypes.Return, 'id'> | Pick<AdminTypes.ReturnLineItem, 'id'> | Pick<AdminTypes.ReturnReasonDefinition, 'id'> | Pick<AdminTypes.ReturnableFulfillment, 'id'> | Pick<AdminTypes.ReverseDelivery, 'id'> | Pick<AdminTypes.ReverseDeliveryLineItem, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrder, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrderDisposition, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id'> | Pick<AdminTypes.SaleAdditionalFee, 'id'> | Pick<AdminTypes.SavedSearch, 'id'> | Pick<AdminTypes.ScriptTag, 'id'> | Pick<AdminTypes.Segment, 'id'> | Pick<AdminTypes.SellingPlan, 'id'> | Pick<AdminTypes.SellingPlanGroup, 'id'> | Pick<AdminTypes.ServerPixel, 'id'> | Pick<AdminTypes.ShippingLabel, 'id'> | Pick<AdminTypes.ShippingLabelPurchaseResult, 'id'> | Pick<AdminTypes.Shop, 'id'> | Pick<AdminTypes.ShopAddress, 'id'> | Pick<AdminTypes.ShopPolicy, 'id'> | Pick<AdminTypes.ShopifyPaymentsAccount, 'id'> | Pick<AdminTypes.ShopifyPaymentsBalanceTransaction, 'id'> | Pick<AdminTypes.ShopifyPaymentsBankAccount, 'id'> | Pick<AdminTypes.ShopifyPaymentsDispute, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeEvidence, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeFileUpload, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeFulfillment, 'id'> | Pick<AdminTypes.ShopifyPaymentsPayout, 'id'> | Pick<AdminTypes.StaffMember, 'id'> | Pick<AdminTypes.StandardMetafieldDefinitionTemplate, 'id'> | Pick<AdminTypes.StoreCreditAccount, 'id'> | Pick<AdminTypes.StoreCreditAccountCreditTransaction, 'id'> | Pick<AdminTypes.StoreCreditAccountDebitRevertTransaction, 'id'> | Pick<AdminTypes.StoreCreditAccountDebitTransaction, 'id'> | Pick<AdminTypes.StorefrontAccessToken, 'id'> | Pick<AdminTypes.SubscriptionBillingAttempt, 'id'> | Pick<AdminTypes.SubscriptionContract, 'id'> | Pick<AdminTypes.SubscriptionDraft, 'id'> | Pick<AdminTypes.TaxonomyAttribute, 'id'> | Pick<AdminTypes.TaxonomyCategory, 'id'> | Pick<AdminTypes.TaxonomyChoiceListAttribute, 'id'> | Pick<AdminTypes.TaxonomyMeasurementAttribute, 'id'> | Pick<AdminTypes.TaxonomyValue, 'id'> | Pick<AdminTypes.TenderTransaction, 'id'> | Pick<AdminTypes.TransactionFee, 'id'> | Pick<AdminTypes.UnverifiedReturnLineItem, 'id'> | Pick<AdminTypes.UrlRedirect, 'id'> | Pick<AdminTypes.UrlRedirectImport, 'id'> | Pick<AdminTypes.Validation, 'id'> | (
    Pick<AdminTypes.Video, 'createdAt' | 'fileStatus' | 'id'>
    & { fileErrors: Array<Pick<AdminTypes.FileError, 'code' | 'message' | 'details'>>, preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }>, sources: Array<Pick<AdminTypes.VideoSource, 'url' | 'mimeType'>> }
  ) | Pick<AdminTypes.WebPixel, 'id'> | Pick<AdminTypes.WebhookSubscription, 'id'>> };

export type FileByFilenameQueryVariables = AdminTypes.Exact<{
  query: AdminTypes.Scalars['String']['input'];
}>;


export type FileByFilenameQuery = { files: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id' | 'fileStatus' | 'alt' | 'createdAt'> | Pick<AdminTypes.GenericFile, 'id' | 'fileStatus' | 'alt' | 'createdAt'> | Pick<AdminTypes.MediaImage, 'id' | 'fileStatus' | 'alt' | 'createdAt'> | Pick<AdminTypes.Model3d, 'id' | 'fileStatus' | 'alt' | 'createdAt'> | Pick<AdminTypes.Video, 'id' | 'fileStatus' | 'alt' | 'createdAt'>> } };

export type FileUpdateMutationVariables = AdminTypes.Exact<{
  files: Array<AdminTypes.FileUpdateInput> | AdminTypes.FileUpdateInput;
}>;


export type FileUpdateMutation = { fileUpdate: AdminTypes.Maybe<{ files: AdminTypes.Maybe<Array<Pick<AdminTypes.ExternalVideo, 'id' | 'fileStatus'> | Pick<AdminTypes.GenericFile, 'id' | 'fileStatus'> | Pick<AdminTypes.MediaImage, 'id' | 'fileStatus'> | Pick<AdminTypes.Model3d, 'id' | 'fileStatus'> | Pick<AdminTypes.Video, 'id' | 'fileStatus'>>>, userErrors: Array<Pick<AdminTypes.FilesUserError, 'code' | 'field' | 'message'>> }> };

export type FileDeleteMutationVariables = AdminTypes.Exact<{
  fileIds: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type FileDeleteMutation = { fileDelete: AdminTypes.Maybe<(
    Pick<AdminTypes.FileDeletePayload, 'deletedFileIds'>
    & { userErrors: Array<Pick<AdminTypes.FilesUserError, 'code' | 'field' | 'message'>> }
  )> };

export type FlowTriggerReceiveMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.Scalars['String']['input'];
  payload: AdminTypes.Scalars['JSON']['input'];
}>;


export type FlowTriggerReceiveMutation = { flowTriggerReceive: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ProductReorderMediaMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  moves: Array<AdminTypes.MoveInput> | AdminTypes.MoveInput;
}>;


export type ProductReorderMediaMutation = { productReorderMedia: AdminTypes.Maybe<{ job: AdminTypes.Maybe<Pick<AdminTypes.Job, 'id' | 'done'>>, mediaUserErrors: Array<Pick<AdminTypes.MediaUserError, 'code' | 'field' | 'message'>> }> };

export type MetafieldsSetMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type MetafieldsSetMutation = { metafieldsSet: AdminTypes.Maybe<{ metafields: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message' | 'code'>> }> };

export type MetafieldsDeleteMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldIdentifierInput> | AdminTypes.MetafieldIdentifierInput;
}>;


export type MetafieldsDeleteMutation = { metafieldsDelete: AdminTypes.Maybe<{ deletedMetafields: AdminTypes.Maybe<Array<AdminTypes.Maybe<Pick<AdminTypes.MetafieldIdentifier, 'key'>>>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type MetaobjectUpsertMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.MetaobjectHandleInput;
  metaobject: AdminTypes.MetaobjectUpsertInput;
}>;


export type MetaobjectUpsertMutation = { metaobjectUpsert: AdminTypes.Maybe<{ metaobject: AdminTypes.Maybe<Pick<AdminTypes.Metaobject, 'id'>>, userErrors: Array<Pick<AdminTypes.MetaobjectUserError, 'code' | 'field' | 'message'>> }> };

export type MetaobjectByHandleQueryVariables = AdminTypes.Exact<{
  handle: AdminTypes.MetaobjectHandleInput;
}>;


export type MetaobjectByHandleQuery = { metaobjectByHandle: AdminTypes.Maybe<(
    Pick<AdminTypes.Metaobject, 'id' | 'handle'>
    & { fields: Array<Pick<AdminTypes.MetaobjectField, 'key' | 'value'>> }
  )> };

export type ProductRuleFactsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ProductRuleFactsQuery = { product: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title' | 'tags' | 'productType' | 'vendor'>
    & { mediaCount: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>>, collections: { nodes: Array<Pick<AdminTypes.Collection, 'id'>> } }
  )> };

export type BulkProductFieldsFragment = (
  Pick<AdminTypes.Product, 'id' | 'title'>
  & { featuredMedia: AdminTypes.Maybe<{ preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, options: Array<Pick<AdminTypes.ProductOption, 'name'>>, media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id'> | (
      Pick<AdminTypes.MediaImage, 'id'>
      & { image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }
    ) | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> } }
);

export type ProductsPageQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  query?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  thumbnail: AdminTypes.ImageTransformInput;
}>;


export type ProductsPageQuery = { products: { nodes: Array<(
      Pick<AdminTypes.Product, 'id' | 'title'>
      & { featuredMedia: AdminTypes.Maybe<(
        Pick<AdminTypes.ExternalVideo, 'id'>
        & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
      ) | (
        Pick<AdminTypes.MediaImage, 'id'>
        & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
      ) | (
        Pick<AdminTypes.Model3d, 'id'>
        & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
      ) | (
        Pick<AdminTypes.Video, 'id'>
        & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
      )>, mediaCount: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type ProductImagesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  source: AdminTypes.ImageTransformInput;
  thumbnail: AdminTypes.ImageTransformInput;
}>;


export type ProductImagesQuery = { product: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title'>
    & { featuredMedia: AdminTypes.Maybe<(
      Pick<AdminTypes.ExternalVideo, 'id'>
      & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
    ) | (
      Pick<AdminTypes.MediaImage, 'id'>
      & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
    ) | (
      Pick<AdminTypes.Model3d, 'id'>
      & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
    ) | (
      Pick<AdminTypes.Video, 'id'>
      & { preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }
    )>, media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id' | 'alt'> | (
        Pick<AdminTypes.MediaImage, 'id' | 'alt'>
        & { image: AdminTypes.Maybe<(
          Pick<AdminTypes.Image, 'url' | 'width' | 'height'>
          & { thumbnailUrl: AdminTypes.Image['url'] }
        )> }
      ) | Pick<AdminTypes.Model3d, 'id' | 'alt'> | Pick<AdminTypes.Video, 'id' | 'alt'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
  )> };

export type ProductFeaturedMediaQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ProductFeaturedMediaQuery = { product: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title'>
    & { featuredMedia: AdminTypes.Maybe<Pick<AdminTypes.ExternalVideo, 'id'> | Pick<AdminTypes.MediaImage, 'id'> | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> }
  )> };

export type ProductsByIdsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
  imagesPerProduct: AdminTypes.Scalars['Int']['input'];
  source: AdminTypes.ImageTransformInput;
  thumbnail: AdminTypes.ImageTransformInput;
}>;


export type ProductsByIdsQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title'>
    & { featuredMedia: AdminTypes.Maybe<{ preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, options: Array<Pick<AdminTypes.ProductOption, 'name'>>, media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id'> | (
        Pick<AdminTypes.MediaImage, 'id'>
        & { image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }
      ) | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> } }
  )>> };

export type ProductHandleQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type ProductHandleQuery = { product: AdminTypes.Maybe<Pick<AdminTypes.Product, 'handle'>> };

export type ProductImageShapesQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
}>;


export type ProductImageShapesQuery = { products: { nodes: Array<(
      Pick<AdminTypes.Product, 'id'>
      & { featuredMedia: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'width' | 'height'>> }> }
    )> } };

export type ShopQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopQuery = { shop: Pick<AdminTypes.Shop, 'id' | 'name' | 'myshopifyDomain' | 'url'>, currentAppInstallation: (
    Pick<AdminTypes.AppInstallation, 'id'>
    & { accessScopes: Array<Pick<AdminTypes.AccessScope, 'handle'>> }
  ) };

export type ShopTimeZoneQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopTimeZoneQuery = { shop: Pick<AdminTypes.Shop, 'ianaTimezone'> };

export type AppInstallationQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type AppInstallationQuery = { currentAppInstallation: Pick<AdminTypes.AppInstallation, 'id'> };

export type StagedUploadsCreateMutationVariables = AdminTypes.Exact<{
  input: Array<AdminTypes.StagedUploadInput> | AdminTypes.StagedUploadInput;
}>;


export type StagedUploadsCreateMutation = { stagedUploadsCreate: AdminTypes.Maybe<{ stagedTargets: AdminTypes.Maybe<Array<(
      Pick<AdminTypes.StagedMediaUploadTarget, 'url' | 'resourceUrl'>
      & { parameters: Array<Pick<AdminTypes.StagedUploadParameter, 'name' | 'value'>> }
    )>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type ShopLocalesQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopLocalesQuery = { shopLocales: Array<Pick<AdminTypes.ShopLocale, 'locale' | 'primary'>> };

export type TranslatableContentQueryVariables = AdminTypes.Exact<{
  resourceId: AdminTypes.Scalars['ID']['input'];
  locale: AdminTypes.Scalars['String']['input'];
}>;


export type TranslatableContentQuery = { translatableResource: AdminTypes.Maybe<(
    Pick<AdminTypes.TranslatableResource, 'resourceId'>
    & { translatableContent: Array<Pick<AdminTypes.TranslatableContent, 'key' | 'digest' | 'value'>>, translations: Array<Pick<AdminTypes.Translation, 'key' | 'value' | 'outdated'>> }
  )> };

export type TranslationsRegisterMutationVariables = AdminTypes.Exact<{
  resourceId: AdminTypes.Scalars['ID']['input'];
  translations: Array<AdminTypes.TranslationInput> | AdminTypes.TranslationInput;
}>;


export type TranslationsRegisterMutation = { translationsRegister: AdminTypes.Maybe<{ translations: AdminTypes.Maybe<Array<Pick<AdminTypes.Translation, 'key' | 'locale' | 'value'>>>, userErrors: Array<Pick<AdminTypes.TranslationUserError, 'field' | 'message' | 'code'>> }> };

export type ProductVariantImagesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  source: AdminTypes.ImageTransformInput;
  thumbnail: AdminTypes.ImageTransformInput;
}>;


export type ProductVariantImagesQuery = { product: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title'>
    & { featuredMedia: AdminTypes.Maybe<{ preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, options: Array<Pick<AdminTypes.ProductOption, 'name'>>, variants: { nodes: Array<(
        Pick<AdminTypes.ProductVariant, 'id' | 'title'>
        & { selectedOptions: Array<Pick<AdminTypes.SelectedOption, 'name' | 'value'>>, media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id'> | (
            Pick<AdminTypes.MediaImage, 'id'>
            & { image: AdminTypes.Maybe<(
              Pick<AdminTypes.Image, 'url'>
              & { thumbnailUrl: AdminTypes.Image['url'] }
            )> }
          ) | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> } }
      )> } }
  )> };

export type VariantsMediaQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type VariantsMediaQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.ProductVariant, 'id'>
    & { media: { nodes: Array<Pick<AdminTypes.ExternalVideo, 'id'> | Pick<AdminTypes.MediaImage, 'id'> | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.Video, 'id'>> } }
  )>> };

export type ProductVariantAppendMediaMutationVariables = AdminTypes.Exact<{
  productId: AdminTypes.Scalars['ID']['input'];
  variantMedia: Array<AdminTypes.ProductVariantAppendMediaInput> | AdminTypes.ProductVariantAppendMediaInput;
}>;


export type ProductVariantAppendMediaMutation = { productVariantAppendMedia: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.MediaUserError, 'field' | 'message' | 'code'>> }> };

export type ProductVariantDetachMediaMutationVariables = AdminTypes.Exact<{
  productId: AdminTypes.Scalars['ID']['input'];
  variantMedia: Array<AdminTypes.ProductVariantDetachMediaInput> | AdminTypes.ProductVariantDetachMediaInput;
}>;


export type ProductVariantDetachMediaMutation = { productVariantDetachMedia: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.MediaUserError, 'field' | 'message' | 'code'>> }> };

export type WebPixelCreateMutationVariables = AdminTypes.Exact<{
  webPixel: AdminTypes.WebPixelInput;
}>;


export type WebPixelCreateMutation = { webPixelCreate: AdminTypes.Maybe<{ webPixel: AdminTypes.Maybe<Pick<AdminTypes.WebPixel, 'id'>>, userErrors: Array<Pick<AdminTypes.ErrorsWebPixelUserError, 'field' | 'message' | 'code'>> }> };

export type WebPixelUpdateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  webPixel: AdminTypes.WebPixelInput;
}>;


export type WebPixelUpdateMutation = { webPixelUpdate: AdminTypes.Maybe<{ webPixel: AdminTypes.Maybe<Pick<AdminTypes.WebPixel, 'id'>>, userErrors: Array<Pick<AdminTypes.ErrorsWebPixelUserError, 'field' | 'message' | 'code'>> }> };

export type AppWebPixelQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type AppWebPixelQuery = { webPixel: AdminTypes.Maybe<Pick<AdminTypes.WebPixel, 'id'>> };

interface GeneratedQueryTypes {
  "\n  #graphql\n  query CollectionSummary($id: ID!) {\n    collection(id: $id) {\n      id\n      title\n      productsCount {\n        count\n      }\n    }\n  }\n": {return: CollectionSummaryQuery, variables: CollectionSummaryQueryVariables},
  "\n  #graphql\n  query CollectionProductsPage(\n    $id: ID!\n    $first: Int!\n    $after: String\n    $imagesPerProduct: Int!\n    $source: ImageTransformInput!\n    $thumbnail: ImageTransformInput!\n  ) {\n    collection(id: $id) {\n      id\n      products(first: $first, after: $after) {\n        nodes {\n          ...BulkProductFields\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n  \n  #graphql\n  fragment BulkProductFields on Product {\n    id\n    title\n    featuredMedia {\n      preview {\n        image {\n          url(transform: $thumbnail)\n        }\n      }\n    }\n    options(first: 3) {\n      name\n    }\n    media(first: $imagesPerProduct, query: \"media_type:IMAGE\") {\n      nodes {\n        id\n        ... on MediaImage {\n          image {\n            url(transform: $source)\n          }\n        }\n      }\n    }\n  }\n\n": {return: CollectionProductsPageQuery, variables: CollectionProductsPageQueryVariables},
  "\n  #graphql\n  query FileStatus($id: ID!) {\n    node(id: $id) {\n      id\n      ... on File {\n        createdAt\n        fileStatus\n        fileErrors {\n          code\n          message\n          details\n        }\n        preview {\n          image {\n            url\n          }\n        }\n      }\n      ... on MediaImage {\n        image {\n          url\n          width\n          height\n        }\n      }\n      ... on Video {\n        sources {\n          url\n          mimeType\n        }\n      }\n    }\n  }\n": {return: FileStatusQuery, variables: FileStatusQueryVariables},
  "\n  #graphql\n  query FileByFilename($query: String!) {\n    files(first: 1, query: $query) {\n      nodes {\n        id\n        fileStatus\n        alt\n        createdAt\n      }\n    }\n  }\n": {return: FileByFilenameQuery, variables: FileByFilenameQueryVariables},
  "\n  #graphql\n  query MetaobjectByHandle($handle: MetaobjectHandleInput!) {\n    metaobjectByHandle(handle: $handle) {\n      id\n      handle\n      fields {\n        key\n        value\n      }\n    }\n  }\n": {return: MetaobjectByHandleQuery, variables: MetaobjectByHandleQueryVariables},
  "\n  query ProductRuleFacts($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      tags\n      productType\n      vendor\n      mediaCount {\n        count\n      }\n      collections(first: 50) {\n        nodes {\n          id\n        }\n      }\n    }\n  }\n": {return: ProductRuleFactsQuery, variables: ProductRuleFactsQueryVariables},
  "\n  #graphql\n  query ProductsPage(\n    $first: Int!\n    $after: String\n    $query: String\n    $thumbnail: ImageTransformInput!\n  ) {\n    products(first: $first, after: $after, query: $query) {\n      nodes {\n        id\n        title\n        featuredMedia {\n          id\n          preview {\n            image {\n              url(transform: $thumbnail)\n            }\n          }\n        }\n        mediaCount {\n          count\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": {return: ProductsPageQuery, variables: ProductsPageQueryVariables},
  "\n  #graphql\n  query ProductImages(\n    $id: ID!\n    $first: Int!\n    $after: String\n    $source: ImageTransformInput!\n    $thumbnail: ImageTransformInput!\n  ) {\n    product(id: $id) {\n      id\n      title\n      featuredMedia {\n        id\n        preview {\n          image {\n            url(transform: $thumbnail)\n          }\n        }\n      }\n      media(first: $first, after: $after, query: \"media_type:IMAGE\") {\n        nodes {\n          id\n          alt\n          ... on MediaImage {\n            image {\n              url(transform: $source)\n              thumbnailUrl: url(transform: $thumbnail)\n              width\n              height\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": {return: ProductImagesQuery, variables: ProductImagesQueryVariables},
  "\n  #graphql\n  query ProductFeaturedMedia($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      featuredMedia {\n        id\n      }\n    }\n  }\n": {return: ProductFeaturedMediaQuery, variables: ProductFeaturedMediaQueryVariables},
  "\n  #graphql\n  query ProductsByIds(\n    $ids: [ID!]!\n    $imagesPerProduct: Int!\n    $source: ImageTransformInput!\n    $thumbnail: ImageTransformInput!\n  ) {\n    nodes(ids: $ids) {\n      ...BulkProductFields\n    }\n  }\n  \n  #graphql\n  fragment BulkProductFields on Product {\n    id\n    title\n    featuredMedia {\n      preview {\n        image {\n          url(transform: $thumbnail)\n        }\n      }\n    }\n    options(first: 3) {\n      name\n    }\n    media(first: $imagesPerProduct, query: \"media_type:IMAGE\") {\n      nodes {\n        id\n        ... on MediaImage {\n          image {\n            url(transform: $source)\n          }\n        }\n      }\n    }\n  }\n\n": {return: ProductsByIdsQuery, variables: ProductsByIdsQueryVariables},
  "\n  #graphql\n  query ProductHandle($id: ID!) {\n    product(id: $id) {\n      handle\n    }\n  }\n": {return: ProductHandleQuery, variables: ProductHandleQueryVariables},
  "\n  #graphql\n  query ProductImageShapes($first: Int!) {\n    products(first: $first, sortKey: UPDATED_AT, reverse: true) {\n      nodes {\n        id\n        featuredMedia {\n          ... on MediaImage {\n            image {\n              width\n              height\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: ProductImageShapesQuery, variables: ProductImageShapesQueryVariables},
  "\n  query Shop {\n    shop {\n      id\n      name\n      myshopifyDomain\n      url\n    }\n    currentAppInstallation {\n      id\n      accessScopes {\n        handle\n      }\n    }\n  }\n": {return: ShopQuery, variables: ShopQueryVariables},
  "\n  query ShopTimeZone {\n    shop {\n      ianaTimezone\n    }\n  }\n": {return: ShopTimeZoneQuery, variables: ShopTimeZoneQueryVariables},
  "\n  query AppInstallation {\n    currentAppInstallation {\n      id\n    }\n  }\n": {return: AppInstallationQuery, variables: AppInstallationQueryVariables},
  "\n  query ShopLocales {\n    shopLocales(published: true) {\n      locale\n      primary\n    }\n  }\n": {return: ShopLocalesQuery, variables: ShopLocalesQueryVariables},
  "\n  query TranslatableContent($resourceId: ID!, $locale: String!) {\n    translatableResource(resourceId: $resourceId) {\n      resourceId\n      translatableContent {\n        key\n        digest\n        value\n      }\n      translations(locale: $locale) {\n        key\n        value\n        outdated\n      }\n    }\n  }\n": {return: TranslatableContentQuery, variables: TranslatableContentQueryVariables},
  "\n  #graphql\n  query ProductVariantImages(\n    $id: ID!\n    $source: ImageTransformInput!\n    $thumbnail: ImageTransformInput!\n  ) {\n    product(id: $id) {\n      id\n      title\n      featuredMedia {\n        preview {\n          image {\n            url(transform: $thumbnail)\n          }\n        }\n      }\n      options(first: 3) {\n        name\n      }\n      variants(first: 100) {\n        nodes {\n          id\n          title\n          selectedOptions {\n            name\n            value\n          }\n          media(first: 1) {\n            nodes {\n              id\n              ... on MediaImage {\n                image {\n                  url(transform: $source)\n                  thumbnailUrl: url(transform: $thumbnail)\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": {return: ProductVariantImagesQuery, variables: ProductVariantImagesQueryVariables},
  "\n  #graphql\n  query VariantsMedia($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on ProductVariant {\n        id\n        media(first: 1) {\n          nodes {\n            id\n          }\n        }\n      }\n    }\n  }\n": {return: VariantsMediaQuery, variables: VariantsMediaQueryVariables},
  "\n  #graphql\n  query AppWebPixel {\n    webPixel {\n      id\n    }\n  }\n": {return: AppWebPixelQuery, variables: AppWebPixelQueryVariables},
}

interface GeneratedMutationTypes {
  "\n  #graphql\n  mutation FileCreate($files: [FileCreateInput!]!) {\n    fileCreate(files: $files) {\n      files {\n        id\n        fileStatus\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": {return: FileCreateMutation, variables: FileCreateMutationVariables},
  "\n  #graphql\n  mutation FileUpdate($files: [FileUpdateInput!]!) {\n    fileUpdate(files: $files) {\n      files {\n        id\n        fileStatus\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": {return: FileUpdateMutation, variables: FileUpdateMutationVariables},
  "\n  #graphql\n  mutation FileDelete($fileIds: [ID!]!) {\n    fileDelete(fileIds: $fileIds) {\n      deletedFileIds\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": {return: FileDeleteMutation, variables: FileDeleteMutationVariables},
  "\n  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {\n    flowTriggerReceive(handle: $handle, payload: $payload) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FlowTriggerReceiveMutation, variables: FlowTriggerReceiveMutationVariables},
  "\n  #graphql\n  mutation ProductReorderMedia($id: ID!, $moves: [MoveInput!]!) {\n    productReorderMedia(id: $id, moves: $moves) {\n      job {\n        id\n        done\n      }\n      mediaUserErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": {return: ProductReorderMediaMutation, variables: ProductReorderMediaMutationVariables},
  "\n  #graphql\n  mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {\n    metafieldsSet(metafields: $metafields) {\n      metafields {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: MetafieldsSetMutation, variables: MetafieldsSetMutationVariables},
  "\n  #graphql\n  mutation MetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {\n    metafieldsDelete(metafields: $metafields) {\n      deletedMetafields {\n        key\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: MetafieldsDeleteMutation, variables: MetafieldsDeleteMutationVariables},
  "\n  #graphql\n  mutation MetaobjectUpsert($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {\n    metaobjectUpsert(handle: $handle, metaobject: $metaobject) {\n      metaobject {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": {return: MetaobjectUpsertMutation, variables: MetaobjectUpsertMutationVariables},
  "\n  #graphql\n  mutation StagedUploadsCreate($input: [StagedUploadInput!]!) {\n    stagedUploadsCreate(input: $input) {\n      stagedTargets {\n        url\n        resourceUrl\n        parameters {\n          name\n          value\n        }\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: StagedUploadsCreateMutation, variables: StagedUploadsCreateMutationVariables},
  "\n  mutation TranslationsRegister($resourceId: ID!, $translations: [TranslationInput!]!) {\n    translationsRegister(resourceId: $resourceId, translations: $translations) {\n      translations {\n        key\n        locale\n        value\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: TranslationsRegisterMutation, variables: TranslationsRegisterMutationVariables},
  "\n  #graphql\n  mutation ProductVariantAppendMedia(\n    $productId: ID!\n    $variantMedia: [ProductVariantAppendMediaInput!]!\n  ) {\n    productVariantAppendMedia(productId: $productId, variantMedia: $variantMedia) {\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: ProductVariantAppendMediaMutation, variables: ProductVariantAppendMediaMutationVariables},
  "\n  #graphql\n  mutation ProductVariantDetachMedia(\n    $productId: ID!\n    $variantMedia: [ProductVariantDetachMediaInput!]!\n  ) {\n    productVariantDetachMedia(productId: $productId, variantMedia: $variantMedia) {\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: ProductVariantDetachMediaMutation, variables: ProductVariantDetachMediaMutationVariables},
  "\n  #graphql\n  mutation WebPixelCreate($webPixel: WebPixelInput!) {\n    webPixelCreate(webPixel: $webPixel) {\n      webPixel {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: WebPixelCreateMutation, variables: WebPixelCreateMutationVariables},
  "\n  #graphql\n  mutation WebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {\n    webPixelUpdate(id: $id, webPixel: $webPixel) {\n      webPixel {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: WebPixelUpdateMutation, variables: WebPixelUpdateMutationVariables},
}
declare module '../admin-operations.ts' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
