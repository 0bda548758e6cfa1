import multipart from "@fastify/multipart";
import {
  dataAnswerBodySchema,
  dataAnswerSchema,
  dataImageListSchema,
  dataImageSchema,
  dataItemDetailSchema,
  dataItemListSchema,
  dataItemTypeBodySchema,
  dataItemTypeSchema,
  dataViewListSchema,
  imageDownloadSchema,
  sharedEntityListSchema,
  sharedEntitySchema,
  staffDataDetailSchema,
  staffDataListSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../lib/access";
import { auditRead } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { requestLanguage } from "../../lib/language";
import { CONFLICT, call, IMAGE_UPLOAD } from "../../lib/openapi/operations";
import { answerQuestion } from "./answers";
import { createType, deleteType, listTypes, updateType } from "./catalogue";
import {
  deleteAnswer,
  deleteImage,
  imageOf,
  listOwnItems,
  ownItemDetail,
  requireOwnItem,
  sharedEntities,
  shareItem,
  unshareItem,
  viewsOf,
} from "./items";
import {
  itemAnswerParams,
  itemImageParams,
  itemParams,
  itemShareParams,
  questionParams,
  staffImageParams,
  staffItemParams,
  staffMemberParams,
  typeParams,
} from "./params";
import { staffAddImage, staffImage, staffImages, staffItemDetail, staffItems } from "./staff";
import { addImage, UPLOAD_LIMITS } from "./uploads";

const none = { 204: z.null() };

/**
 * Personal data items (issue 12; spec §2, §3, §7): a member's own items (/user/data…), staff reading the items a
 * member shares with their entity (/staff/{workspace}/…), and the admin catalogue of item types.
 */
export function dataItemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    await app.register(multipart, { limits: UPLOAD_LIMITS });

    // ---------- the member's own items ----------

    app.get(
      "/user/data",
      {
        config: call("user", "listOwnDataItems", "The signed-in person's data items"),
        schema: { response: { 200: dataItemListSchema } },
      },
      async (req) => ({
        data: await listOwnItems(db, requireUser(req).id, requestLanguage(req)),
      }),
    );

    app.get(
      "/user/data/:id/detail",
      {
        config: call("user", "getOwnDataItem", "One of one's data items with its answers"),
        schema: { params: itemParams, response: { 200: dataItemDetailSchema } },
      },
      async (req) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        return ownItemDetail(db, item, requestLanguage(req));
      },
    );

    app.get(
      "/user/data/:id/entities",
      {
        config: call("user", "listDataItemShares", "The entities a data item is shared with"),
        schema: { params: itemParams, response: { 200: sharedEntityListSchema } },
      },
      async (req) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        return { entities: await sharedEntities(db, item.item.id) };
      },
    );

    app.post(
      "/user/data/:id/entities/:workspace_name",
      {
        config: call("user", "shareDataItem", "Share a data item with an entity"),
        schema: { params: itemShareParams, response: { 200: sharedEntitySchema, 201: sharedEntitySchema } },
      },
      async (req, reply) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        const { entity, created } = await shareItem(
          db,
          item.item.userId,
          item.item.id,
          req.params.workspace_name,
        );
        return reply.status(created ? 201 : 200).send(entity);
      },
    );

    app.delete(
      "/user/data/:id/entities/:workspace_name",
      {
        config: call("user", "unshareDataItem", "Stop sharing a data item with an entity"),
        schema: { params: itemShareParams, response: none },
      },
      async (req, reply) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        await unshareItem(db, item.item.id, req.params.workspace_name);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/user/questions/:questionId/answer",
      {
        config: call("user", "answerDataItem", "Answer a data item's question", CONFLICT),
        schema: { params: questionParams, body: dataAnswerBodySchema, response: { 201: dataAnswerSchema } },
      },
      async (req, reply) => {
        const me = requireUser(req);
        const answer = await answerQuestion(db, me.id, req.params.questionId, req.body, requestLanguage(req));
        return reply.status(201).send(answer);
      },
    );

    app.delete(
      "/user/data/:id/answers/:answerId",
      {
        config: call("user", "deleteDataItemAnswer", "Delete one of one's data item answers"),
        schema: { params: itemAnswerParams, response: none },
      },
      async (req, reply) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        await deleteAnswer(db, item.item.id, req.params.answerId);
        return reply.status(204).send(null);
      },
    );

    /** Multipart field `image`: a JPEG, PNG, WebP or PDF of at most DATA_LIMITS.imageBytesMax bytes. */
    app.post(
      "/user/data/:id/images",
      {
        config: call("user", "uploadDataItemFile", "Upload an image or PDF to a data item", {
          upload: IMAGE_UPLOAD,
          errors: [409],
        }),
        schema: { params: itemParams, response: { 201: dataImageSchema } },
      },
      async (req, reply) => {
        const me = requireUser(req);
        const item = await requireOwnItem(db, me.id, req.params.id);
        return reply.status(201).send(await addImage(db, req, item, { by: "member", userId: me.id }));
      },
    );

    app.get(
      "/user/data/:id/images/:imageId",
      {
        config: call("user", "getDataItemFile", "One of one's uploaded files (base64)"),
        schema: { params: itemImageParams, response: { 200: imageDownloadSchema } },
      },
      async (req) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        return imageOf(db, item.item.id, req.params.imageId);
      },
    );

    app.delete(
      "/user/data/:id/images/:imageId",
      {
        config: call("user", "deleteDataItemFile", "Delete one of one's uploaded files"),
        schema: { params: itemImageParams, response: none },
      },
      async (req, reply) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        await deleteImage(db, item.item.id, req.params.imageId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/user/data/:id/views",
      {
        config: call("user", "listDataItemViews", "Who of which entity read a data item"),
        schema: { params: itemParams, response: { 200: dataViewListSchema } },
      },
      async (req) => {
        const item = await requireOwnItem(db, requireUser(req).id, req.params.id);
        return { views: await viewsOf(db, item.item.id) };
      },
    );

    // ---------- staff of an entity ----------

    app.get(
      "/staff/:workspace/user/:id/data",
      {
        config: call("staff", "listMemberDataItems", "A member's shared data items"),
        schema: { params: staffMemberParams, response: { 200: staffDataListSchema } },
      },
      async (req) => {
        const { workspace, id } = req.params;
        auditRead(req, { what: "data-items", subjects: [id] });
        return { data: await staffItems(db, workspace, id, requireUser(req), requestLanguage(req)) };
      },
    );

    app.get(
      "/staff/:workspace/data/:dataId/user/:userId",
      {
        config: call("staff", "getMemberDataItem", "A member's shared data item"),
        schema: { params: staffItemParams, response: { 200: staffDataDetailSchema } },
      },
      async (req) => {
        const { dataId, userId } = req.params;
        auditRead(req, { what: "data-item", subjects: [userId], detail: dataId });
        return staffItemDetail(db, req.params, requireUser(req), requestLanguage(req));
      },
    );

    app.get(
      "/staff/:workspace/data/:dataId/user/:userId/images",
      {
        config: call("staff", "listMemberDataItemFiles", "The files of a member's shared data item"),
        schema: { params: staffItemParams, response: { 200: dataImageListSchema } },
      },
      async (req) => {
        const { dataId, userId } = req.params;
        auditRead(req, { what: "images", subjects: [userId], detail: dataId });
        return { images: await staffImages(db, req.params, requireUser(req)) };
      },
    );

    /** Multipart field `image`, for an image item the member shares with the entity (DATA-13). */
    app.post(
      "/staff/:workspace/data/:dataId/user/:userId/images",
      {
        config: call("staff", "uploadMemberDataItemFile", "Upload an image or PDF to a member's data item", {
          upload: IMAGE_UPLOAD,
          errors: [409],
        }),
        schema: { params: staffItemParams, response: { 201: dataImageSchema } },
      },
      async (req, reply) => {
        const image = await staffAddImage(db, req, req.params, requireUser(req));
        return reply.status(201).send(image);
      },
    );

    app.get(
      "/staff/:workspace/data/:dataId/user/:userId/images/:imageId",
      {
        config: call("staff", "getMemberDataItemFile", "A file of a member's shared data item (base64)"),
        schema: { params: staffImageParams, response: { 200: imageDownloadSchema } },
      },
      async (req) => {
        const { dataId, userId, imageId } = req.params;
        auditRead(req, { what: "image", subjects: [userId], detail: `${dataId}/${imageId}` });
        return staffImage(db, req.params, imageId, requireUser(req));
      },
    );

    // ---------- the admin catalogue ----------

    app.get(
      "/admin/data-types",
      {
        config: call("super-user", "listDataTypes", "The data item catalogue"),
        schema: { response: { 200: z.array(dataItemTypeSchema) } },
      },
      async () => listTypes(db),
    );

    app.post(
      "/admin/data-types",
      {
        config: call("super-user", "createDataType", "Add a data item type", CONFLICT),
        schema: { body: dataItemTypeBodySchema, response: { 201: dataItemTypeSchema } },
      },
      async (req, reply) => reply.status(201).send(await createType(db, req.body)),
    );

    app.put(
      "/admin/data-types/:id",
      {
        config: call("super-user", "updateDataType", "Change a data item type", CONFLICT),
        schema: { params: typeParams, body: dataItemTypeBodySchema, response: { 200: dataItemTypeSchema } },
      },
      async (req) => updateType(db, req.params.id, req.body),
    );

    app.delete(
      "/admin/data-types/:id",
      {
        config: call("super-user", "deleteDataType", "Delete a data item type", CONFLICT),
        schema: { params: typeParams, response: none },
      },
      async (req, reply) => {
        await deleteType(db, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
