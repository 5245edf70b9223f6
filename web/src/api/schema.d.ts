/**
 * Generated from web/openapi.json by `npm run web:openapi` (openapi-typescript). Do not edit.
 */


export interface paths {
  "/api/v1/ai/suite/run": {
    /** Run a suite's cases one after another on an active session */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            fuzzy_match?: boolean;
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            provider?: string;
            session_id: string;
            suite_id?: number;
            suite_public_id?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "pending";
              suite_run_id: number;
              suite_run_public_id: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/ai/suite/run/{suite_run_id}/cancel": {
    /** Cancel a suite run (numeric id) */
    post: {
      parameters: {
        path: {
          suite_run_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "cancellation_requested";
            };
          };
        };
      };
    };
  };
  "/api/v1/ai/test/run": {
    /** Run a test case on an active session */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            fuzzy_match?: boolean;
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            provider?: string;
            session_id: string;
            test_case_id?: number;
            test_case_public_id?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              message: string;
              run_id: number;
              run_public_id: string;
              /** @enum {string} */
              status: "started";
              warnings: string[] | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/apps/": {
    /** List apps */
    get: {
      parameters: {
        query?: {
          platform?: "ios" | "android";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                icon_url: string;
                id: number;
                last_started_at: string | null;
                name: string;
                package_name: string;
                /** @enum {string} */
                platform: "ios" | "android";
                public_id: string;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                updated_at: string;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/apps/{app_id}": {
    /** An app with its builds */
    get: {
      parameters: {
        path: {
          app_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              builds: ({
                  build_number: string;
                  file_name: string;
                  file_size: number;
                  id: number;
                  metadata: {
                    [key: string]: unknown;
                  };
                  min_sdk_version: string;
                  note: string | null;
                  permissions: string[];
                  tags: string[];
                  target_sdk_version: string;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  uploaded_at: string;
                  uploaded_by: string;
                  version: string;
                })[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              icon_url: string;
              id: number;
              last_started_at: string | null;
              latest_build_number: string | null;
              latest_uploaded_at: string | null;
              latest_version: string | null;
              name: string;
              package_name: string;
              /** @enum {string} */
              platform: "ios" | "android";
              public_id: string;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
    /** Delete an app, its builds and files */
    delete: {
      parameters: {
        path: {
          app_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "deleted";
            };
          };
        };
      };
    };
  };
  "/api/v1/apps/{app_id}/builds": {
    /**
     * Upload a new build of an app
     * @description multipart/form-data: `file` (required, same package as the app), `version`, `build_number`, `note` (at most 500 characters).
     */
    post: {
      parameters: {
        path: {
          app_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: string;
              build_number: string;
              file_size: number;
              id: number;
              note: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              uploaded_at: string;
              version: string;
              /** @description Additive: things that make the build unusable on some devices */
              warnings: string[];
            };
          };
        };
      };
    };
  };
  "/api/v1/apps/{app_id}/icon.png": {
    /** The app's icon (PNG) */
    get: {
      parameters: {
        path: {
          app_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/apps/upload": {
    /**
     * Upload an app (or a new build of an existing one)
     * @description multipart/form-data: `file` (required: .apk, .apks, or an iOS simulator .app as .zip/.tar.gz/.tgz, at most 500 MB), `name`, `package_name`, `platform`, `note` (at most 500 characters), `version`, `build_number`.
     */
    post: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              build_id: number;
              build_number: string;
              /** @description Additive: false when the upload became a new build of an existing app */
              created: boolean;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              icon_url: string;
              id: number;
              name: string;
              package_name: string;
              /** @enum {string} */
              platform: "ios" | "android";
              public_id: string;
              version: string;
              /** @description Additive: things that make the build unusable on some devices */
              warnings: string[];
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/account": {
    /** Permanently delete the caller’s account */
    delete: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "account_deleted";
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/change-password": {
    /** Change the caller’s password (older login tokens stop working; a fresh one is returned) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            current_password: string;
            new_password: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              access_token: string;
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/forgot-password": {
    /** Mail a password reset link (always 200) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/login": {
    /** Log in */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email: string;
            password: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              access_token: string;
              email: string;
              email_verified: boolean;
              organization_id: number;
              /** @enum {string} */
              role: "viewer" | "developer" | "admin";
              /** @enum {string} */
              token_type: "bearer";
              user_id: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/register": {
    /** Create an account */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: email */
            email: string;
            invite_token?: string;
            organization_name?: string | null;
            password: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              access_token: string;
              email: string;
              email_verified: boolean;
              organization_id: number;
              /** @enum {string} */
              role: "viewer" | "developer" | "admin";
              /** @enum {string} */
              token_type: "bearer";
              user_id: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/resend-verification": {
    /** Mail a new verification link (always 200) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/reset-password": {
    /** Set a new password with a reset token */
    post: {
      requestBody: {
        content: {
          "application/json": {
            new_password: string;
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/auth/verify-email": {
    /** Confirm an email address */
    post: {
      requestBody: {
        content: {
          "application/json": {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "verified";
            };
          };
        };
      };
    };
  };
  "/api/v1/devices": {
    /** List reachable devices */
    get: {
      parameters: {
        query?: {
          device_type?: "ios" | "android";
          category?: "phone" | "tablet" | "tv";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** @enum {string} */
                category: "phone" | "tablet" | "tv";
                device_id: string;
                id: number;
                model: string;
                name: string;
                os_version: string;
                /** @enum {string} */
                status: "available" | "busy";
                /** @enum {string} */
                type: "ios" | "android";
                worker_id: string;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/devices/{device_id}": {
    /** Get a device */
    get: {
      parameters: {
        path: {
          device_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              category: "phone" | "tablet" | "tv";
              device_id: string;
              id: number;
              model: string;
              name: string;
              os_version: string;
              /** @enum {string} */
              status: "available" | "busy";
              /** @enum {string} */
              type: "ios" | "android";
              worker_id: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/devices/pools": {
    /** Device pools (model, OS, platform, category) with free counts */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** @enum {string} */
                category: "phone" | "tablet" | "tv";
                /** @enum {string} */
                device_type: "ios" | "android";
                free: number;
                group_key: string;
                model: string;
                os_version: string;
                total: number;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/organizations/": {
    /** The caller’s organizations */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                id: number;
                name: string;
                /** @description Plan of the organization (additive) */
                plan_id: string;
                /**
                 * @description The caller’s role in this organization (additive)
                 * @enum {string}
                 */
                role: "viewer" | "developer" | "admin";
              })[];
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}": {
    /** Get an organization (viewer) */
    get: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              id: number;
              name: string;
              /** @description Plan of the organization (additive) */
              plan_id: string;
              /**
               * @description The caller’s role in this organization (additive)
               * @enum {string}
               */
              role: "viewer" | "developer" | "admin";
            };
          };
        };
      };
    };
    /** Rename an organization (admin) */
    patch: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              id: number;
              name: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/api-tokens": {
    /** List API tokens (developer) */
    get: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                created_by: string;
                id: number;
                label: string;
                /** @description additive */
                last_used_at: string | null;
                /** @enum {string} */
                role: "viewer" | "developer" | "admin";
                /** @example tok_ab12**** */
                token_prefix: string;
                used: boolean;
              })[];
          };
        };
      };
    };
    /** Create an API token; the token is shown only in this response (admin) */
    post: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            label: string;
            /**
             * @default developer
             * @enum {string}
             */
            role?: "viewer" | "developer" | "admin";
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              id: number;
              label: string;
              /**
               * @description additive
               * @enum {string}
               */
              role: "viewer" | "developer" | "admin";
              token: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/api-tokens/{token_id}": {
    /** Revoke an API token (admin) */
    delete: {
      parameters: {
        path: {
          org_id: number;
          token_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "deleted";
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/audit-events": {
    /** Audit log, newest first (viewer) */
    get: {
      parameters: {
        query?: {
          /** @description Substring of the action */
          action?: string;
          /** @description Exact email of the actor */
          user_email?: string;
          resource_type?: string;
          time_range?: "last-hour" | "last-day" | "last-week" | "last-month";
          limit?: number;
          offset?: number;
        };
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              events: {
                  action: string;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  created_at: string;
                  details: unknown;
                  id: number;
                  resource_id: string;
                  resource_type: string;
                  user_email: string;
                }[];
              total: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/audit-events/csv": {
    /** Audit log as a CSV download (viewer) */
    get: {
      parameters: {
        query?: {
          /** @description Substring of the action */
          action?: string;
          /** @description Exact email of the actor */
          user_email?: string;
          resource_type?: string;
          time_range?: "last-hour" | "last-day" | "last-week" | "last-month";
        };
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/invites": {
    /** Invite a member by email (admin) */
    post: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: email */
            email: string;
            /**
             * @default developer
             * @enum {string}
             */
            role?: "viewer" | "developer" | "admin";
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              email: string;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              expires_at: string;
              /**
               * @description additive
               * @enum {string}
               */
              role: "viewer" | "developer" | "admin";
              token: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/members": {
    /** List members (viewer) */
    get: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                email: string;
                id: number;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                joined_at: string;
                /** @enum {string} */
                role: "viewer" | "developer" | "admin";
                user_id: number;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/members/{member_id}": {
    /** Remove a member (admin) */
    delete: {
      parameters: {
        path: {
          org_id: number;
          member_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "removed";
            };
          };
        };
      };
    };
  };
  "/api/v1/organizations/{org_id}/session-defaults": {
    /** Session defaults (viewer) */
    get: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              allow_streaming_overage: boolean;
              /** @enum {string} */
              session_permissions: "full" | "app_only";
              /** @example 30m */
              session_timeout: string;
            };
          };
        };
      };
    };
    /** Update session defaults (admin) */
    patch: {
      parameters: {
        path: {
          org_id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            allow_streaming_overage?: boolean;
            /** @enum {string} */
            session_permissions?: "full" | "app_only";
            session_timeout?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              allow_streaming_overage: boolean;
              /** @enum {string} */
              session_permissions: "full" | "app_only";
              /** @example 30m */
              session_timeout: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions": {
    /** List sessions */
    get: {
      parameters: {
        query?: {
          status?: "pending" | "starting" | "active" | "stopped" | "failed";
          device_type?: "ios" | "android";
          user_id?: number;
          time_range?: "last-hour" | "last-day" | "last-week" | "last-month";
          search?: string;
          limit?: number;
          offset?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                app_id: string | null;
                build_id: number | null;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                /** @enum {string} */
                device_category: "phone" | "tablet" | "tv";
                device_id: string | null;
                device_name: string | null;
                /** @enum {string} */
                device_type: "ios" | "android";
                duration_minutes: number | null;
                end_reason: ("user" | "idle_timeout" | "never_used" | "plan_limit" | "credit_exhausted" | "worker_lost" | "ci_cleanup" | "boot_failed") | null;
                end_time: string | null;
                error_message: string | null;
                id: number;
                os_version: string | null;
                queue_entry_id: number | null;
                queue_position: number | null;
                screen: {
                  height: number;
                  rotation: number;
                  width: number;
                } | null;
                session_id: string;
                start_time: string | null;
                /** @enum {string} */
                status: "pending" | "starting" | "active" | "stopped" | "failed";
                stream_url: string | null;
                user_email: string | null;
                webrtc_room_id: null;
              })[];
          };
        };
      };
    };
    /** Create a session */
    post: {
      requestBody: {
        content: {
          "application/json": {
            app_id?: string;
            build_id?: number;
            /** @enum {string} */
            device_category?: "phone" | "tablet" | "tv";
            /** @enum {string} */
            device_type: "ios" | "android";
            /** @description Flat JSON object of launch parameters */
            launch_params?: {
              [key: string]: string | number | boolean;
            };
            /** Format: uuid */
            specific_device_id?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: string | null;
              build_id: number | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @enum {string} */
              device_category: "phone" | "tablet" | "tv";
              device_id: string | null;
              device_name: string | null;
              /** @enum {string} */
              device_type: "ios" | "android";
              duration_minutes: number | null;
              end_reason: ("user" | "idle_timeout" | "never_used" | "plan_limit" | "credit_exhausted" | "worker_lost" | "ci_cleanup" | "boot_failed") | null;
              end_time: string | null;
              error_message: string | null;
              id: number;
              os_version: string | null;
              queue_entry_id: number | null;
              queue_position: number | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              stream_url: string | null;
              user_email: string | null;
              webrtc_room_id: null;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}": {
    /** Get a session */
    get: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: string | null;
              build_id: number | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @enum {string} */
              device_category: "phone" | "tablet" | "tv";
              device_id: string | null;
              device_name: string | null;
              /** @enum {string} */
              device_type: "ios" | "android";
              duration_minutes: number | null;
              end_reason: ("user" | "idle_timeout" | "never_used" | "plan_limit" | "credit_exhausted" | "worker_lost" | "ci_cleanup" | "boot_failed") | null;
              end_time: string | null;
              error_message: string | null;
              id: number;
              os_version: string | null;
              queue_entry_id: number | null;
              queue_position: number | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              stream_url: string | null;
              user_email: string | null;
              webrtc_room_id: null;
            };
          };
        };
      };
    };
    /** Stop a session and release its device */
    delete: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/apps": {
    /** Request the installed apps (delivered as session.apps over /api/v1/ws) */
    get: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              message: string;
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/apps/{package_name}": {
    /** Uninstall an app */
    delete: {
      parameters: {
        path: {
          session_id: string;
          package_name: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              message: string;
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/control": {
    /** Send input to the device */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            action: "tap" | "swipe" | "rotate" | "button" | "key" | "screenshot" | "touch_start" | "touch_move" | "touch_end" | "text";
            button?: string;
            duration?: number;
            keycode?: string;
            rotation?: 0 | 90 | 180 | 270;
            text?: string;
            x?: number;
            x2?: number;
            y?: number;
            y2?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/install-app": {
    /**
     * Upload and install a package (.apk, or an iOS simulator bundle as .zip/.tar.gz/.tgz)
     * @description multipart/form-data: `file` (required, at most 500 MB), `launch_after_install` (default false).
     */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              launched: boolean;
              name: string;
              package_name: string;
              /** @enum {string} */
              status: "ok";
              version: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/install-build": {
    /** Install a build of one of the organization's apps */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            build_id: number;
            /** @default true */
            grant_permissions?: boolean;
            /** @default true */
            launch_after_install?: boolean;
            /** @description Flat JSON object of launch parameters */
            params?: {
              [key: string]: string | number | boolean;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              launched: boolean;
              name: string;
              package_name: string;
              /** @enum {string} */
              status: "ok";
              version: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/launch-app": {
    /** Launch an installed app */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            activity_name?: string;
            package_name: string;
            /** @description Flat JSON object of launch parameters */
            params?: {
              [key: string]: string | number | boolean;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              message: string;
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/start": {
    /** Start a session (or queue it) */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            device_id?: string;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: string | null;
              build_id: number | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @enum {string} */
              device_category: "phone" | "tablet" | "tv";
              device_id: string | null;
              device_name: string | null;
              /** @enum {string} */
              device_type: "ios" | "android";
              duration_minutes: number | null;
              end_reason: ("user" | "idle_timeout" | "never_used" | "plan_limit" | "credit_exhausted" | "worker_lost" | "ci_cleanup" | "boot_failed") | null;
              end_time: string | null;
              error_message: string | null;
              id: number;
              os_version: string | null;
              queue_entry_id: number | null;
              queue_position: number | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              stream_url: string | null;
              user_email: string | null;
              webrtc_room_id: null;
            };
          };
        };
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              position: number;
              queue_entry_id: number;
              session_id: string;
              /** @enum {string} */
              status: "queued";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/export/csv": {
    /** Session history as CSV */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/sessions/queue/{queue_entry_id}": {
    /** Leave the queue */
    delete: {
      parameters: {
        path: {
          queue_entry_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/queue/{queue_entry_id}/leave": {
    /** Leave the queue */
    post: {
      parameters: {
        path: {
          queue_entry_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/cases": {
    /** List standalone cases */
    get: {
      parameters: {
        query?: {
          reusable?: "true" | "false";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                app_id: number | null;
                app_public_id: string | null;
                assertions: unknown[];
                context: string | null;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                fuzzy_match: boolean;
                has_source_recording: boolean;
                id: number;
                is_reusable: boolean;
                /** @enum {string} */
                mode: "ai" | "recorded";
                name: string;
                public_id: string;
                recent_run_statuses?: string[];
                source_device_height: number | null;
                source_device_width: number | null;
                source_gesture_list: string[];
                source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
                source_recording: unknown[] | null;
                source_recording_summary: {
                  gesture_counts: {
                    [key: string]: number;
                  };
                  total_actions: number;
                };
                step_count: number;
                step_gesture_groups: number[][];
                steps: unknown[];
                sub_flow_ids: string[];
                suite_id: number | null;
                suite_public_id: string | null;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                updated_at: string;
              })[];
          };
        };
      };
    };
    /** Create or update (by name and app) a standalone case */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @description App public id */
            app_id: string;
            /** @description Assertions: strings or {text} */
            assertions?: unknown[];
            context?: string | null;
            /** @default true */
            fuzzy_match?: boolean;
            /**
             * @default recorded
             * @enum {string}
             */
            mode?: "ai" | "recorded";
            name: string;
            source_device_height?: number | null;
            source_device_width?: number | null;
            source_platform?: ("ios" | "android" | "tvos" | "androidtv") | null;
            source_recording?: unknown[] | null;
            /** @description Steps: strings or {text, action_indices?, visual?} */
            steps: unknown[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_public_id: string | null;
              assertions: unknown[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              recent_run_statuses?: string[];
              source_device_height: number | null;
              source_device_width: number | null;
              source_gesture_list: string[];
              source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
              source_recording: unknown[] | null;
              source_recording_summary: {
                gesture_counts: {
                  [key: string]: number;
                };
                total_actions: number;
              };
              step_count: number;
              step_gesture_groups: number[][];
              steps: unknown[];
              sub_flow_ids: string[];
              suite_id: number | null;
              suite_public_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}": {
    /** Get a case */
    get: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_public_id: string | null;
              assertions: unknown[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              recent_run_statuses?: string[];
              source_device_height: number | null;
              source_device_width: number | null;
              source_gesture_list: string[];
              source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
              source_recording: unknown[] | null;
              source_recording_summary: {
                gesture_counts: {
                  [key: string]: number;
                };
                total_actions: number;
              };
              step_count: number;
              step_gesture_groups: number[][];
              steps: unknown[];
              sub_flow_ids: string[];
              suite_id: number | null;
              suite_public_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
    /** Delete a case */
    delete: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              status: string;
            };
          };
        };
      };
    };
    /** Update a case */
    patch: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description App public id (standalone cases only) */
            app_id?: string;
            /** @description Assertions */
            assertions?: unknown[];
            context?: string | null;
            fuzzy_match?: boolean;
            is_reusable?: boolean;
            /** @enum {string} */
            mode?: "ai" | "recorded";
            name?: string;
            source_device_height?: number | null;
            source_device_width?: number | null;
            source_recording?: unknown[] | null;
            /** @description Steps */
            steps?: unknown[];
            sub_flow_ids?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_public_id: string | null;
              assertions: unknown[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              recent_run_statuses?: string[];
              source_device_height: number | null;
              source_device_width: number | null;
              source_gesture_list: string[];
              source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
              source_recording: unknown[] | null;
              source_recording_summary: {
                gesture_counts: {
                  [key: string]: number;
                };
                total_actions: number;
              };
              step_count: number;
              step_gesture_groups: number[][];
              steps: unknown[];
              sub_flow_ids: string[];
              suite_id: number | null;
              suite_public_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/baselines": {
    /** Baseline image records of a case */
    get: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                device_name: string | null;
                height: number;
                image_url: string;
                /** @description Public id of the run that wrote the baseline */
                source_run_id: string | null;
                step_index: number;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                updated_at: string;
                width: number;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/baselines/{file}": {
    /** Baseline JPEG of one step (step_<index>.jpg) */
    get: {
      parameters: {
        path: {
          case_id: string;
          file: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/run": {
    /** Record a pending run (nothing is executed) */
    post: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              cancel_requested_at: string | null;
              cost_micro: number | null;
              duration_ms: number | null;
              error_message: string | null;
              finished_at: string | null;
              id: number;
              model_used: string | null;
              public_id: string;
              reasoning_log: unknown;
              result: unknown;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "error";
              suite_run_id: number | null;
              test_case_id: number;
              test_case_public_id: string;
              tokens_used: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/runs": {
    /** Runs of a case, most recent first */
    get: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                cancel_requested_at: string | null;
                cost_micro: number | null;
                duration_ms: number | null;
                error_message: string | null;
                finished_at: string | null;
                id: number;
                model_used: string | null;
                public_id: string;
                reasoning_log: unknown;
                result: unknown;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                started_at: string;
                /** @enum {string} */
                status: "pending" | "running" | "passed" | "failed" | "error";
                suite_run_id: number | null;
                test_case_id: number;
                test_case_public_id: string;
                tokens_used: number | null;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/tests/runs/{run_id}": {
    /** Get a test run */
    get: {
      parameters: {
        path: {
          run_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              cancel_requested_at: string | null;
              cost_micro: number | null;
              duration_ms: number | null;
              error_message: string | null;
              finished_at: string | null;
              id: number;
              model_used: string | null;
              public_id: string;
              reasoning_log: unknown;
              result: unknown;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "error";
              suite_run_id: number | null;
              test_case_id: number;
              test_case_public_id: string;
              tokens_used: number | null;
            };
          };
        };
      };
    };
    /** Set a run status and result */
    patch: {
      parameters: {
        query: {
          status: "pending" | "running" | "passed" | "failed" | "error";
          result_json?: string;
          error_message?: string;
          duration_ms?: string;
        };
        path: {
          run_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              cancel_requested_at: string | null;
              cost_micro: number | null;
              duration_ms: number | null;
              error_message: string | null;
              finished_at: string | null;
              id: number;
              model_used: string | null;
              public_id: string;
              reasoning_log: unknown;
              result: unknown;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "error";
              suite_run_id: number | null;
              test_case_id: number;
              test_case_public_id: string;
              tokens_used: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/runs/{run_id}/cancel": {
    /** Cancel an active run */
    post: {
      parameters: {
        path: {
          run_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              status: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/runs/{run_id}/screenshots/{file}": {
    /** A step's settled screenshot (step_<i>.jpg) or its visual diff (step_<i>_diff.jpg) */
    get: {
      parameters: {
        path: {
          run_id: string;
          file: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/tests/suite-runs/{suite_run_id}": {
    /** Get a suite run with its test runs */
    get: {
      parameters: {
        path: {
          suite_run_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              cancel_requested_at: string | null;
              duration_ms: number | null;
              error_message: string | null;
              finished_at: string | null;
              id: number;
              public_id: string;
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              session_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "cancelled" | "error";
              suite_id: number;
              suite_public_id: string;
              test_runs: ({
                  duration_ms: number | null;
                  error_message: string | null;
                  id: number;
                  public_id: string;
                  /** @enum {string} */
                  status: "pending" | "running" | "passed" | "failed" | "error";
                  test_case_id: number;
                  test_case_public_id: string;
                })[];
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/suites": {
    /** List test suites */
    get: {
      parameters: {
        query?: {
          /** @description App public id */
          app_id?: string;
          /** @description Comma-separated tag names */
          tags?: string;
          match?: "any" | "all";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                app_id: number | null;
                app_name: string | null;
                app_public_id: string | null;
                case_count: number;
                context: string | null;
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                description: string;
                id: number;
                last_run_at: string | null;
                last_run_status: string | null;
                name: string;
                platform: string | null;
                public_id: string;
                /** @enum {string} */
                reset_strategy: "relaunch" | "clear_data" | "reinstall";
                tags: {
                    display_name: string;
                    name: string;
                  }[];
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                updated_at: string;
                variables: {
                  [key: string]: unknown;
                };
                visual_regression_fail_pct: number | null;
                visual_regression_warn_pct: number | null;
              })[];
          };
        };
      };
    };
    /** Create a test suite */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @description Legacy numeric app id; app_public_id is preferred */
            app_id?: number | null;
            app_public_id?: string | null;
            description?: string | null;
            name: string;
            platform?: ("ios" | "android") | null;
            tags?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_name: string | null;
              app_public_id: string | null;
              case_count: number;
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              description: string;
              id: number;
              last_run_at: string | null;
              last_run_status: string | null;
              name: string;
              platform: string | null;
              public_id: string;
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              tags: {
                  display_name: string;
                  name: string;
                }[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              variables: {
                [key: string]: unknown;
              };
              visual_regression_fail_pct: number | null;
              visual_regression_warn_pct: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/suites/{suite_id}": {
    /** Get a suite with its cases */
    get: {
      parameters: {
        path: {
          suite_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_name: string | null;
              app_public_id: string | null;
              case_count: number;
              cases: ({
                  app_id: number | null;
                  app_public_id: string | null;
                  assertions: unknown[];
                  context: string | null;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  created_at: string;
                  fuzzy_match: boolean;
                  has_source_recording: boolean;
                  id: number;
                  is_reusable: boolean;
                  /** @enum {string} */
                  mode: "ai" | "recorded";
                  name: string;
                  public_id: string;
                  recent_run_statuses?: string[];
                  source_device_height: number | null;
                  source_device_width: number | null;
                  source_gesture_list: string[];
                  source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
                  source_recording: unknown[] | null;
                  source_recording_summary: {
                    gesture_counts: {
                      [key: string]: number;
                    };
                    total_actions: number;
                  };
                  step_count: number;
                  step_gesture_groups: number[][];
                  steps: unknown[];
                  sub_flow_ids: string[];
                  suite_id: number | null;
                  suite_public_id: string | null;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  updated_at: string;
                })[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              description: string;
              id: number;
              last_run_at: string | null;
              last_run_status: string | null;
              name: string;
              platform: string | null;
              public_id: string;
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              tags: {
                  display_name: string;
                  name: string;
                }[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              variables: {
                [key: string]: unknown;
              };
              visual_regression_fail_pct: number | null;
              visual_regression_warn_pct: number | null;
            };
          };
        };
      };
    };
    /** Delete a suite and its cases */
    delete: {
      parameters: {
        path: {
          suite_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              status: string;
            };
          };
        };
      };
    };
    /** Update a suite */
    patch: {
      parameters: {
        path: {
          suite_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            context?: string | null;
            description?: string | null;
            name?: string;
            /** @enum {string} */
            reset_strategy?: "relaunch" | "clear_data" | "reinstall";
            tags?: string[];
            variables?: {
              [key: string]: unknown;
            };
            visual_regression_fail_pct?: number | null;
            visual_regression_warn_pct?: number | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_name: string | null;
              app_public_id: string | null;
              case_count: number;
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              description: string;
              id: number;
              last_run_at: string | null;
              last_run_status: string | null;
              name: string;
              platform: string | null;
              public_id: string;
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              tags: {
                  display_name: string;
                  name: string;
                }[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              variables: {
                [key: string]: unknown;
              };
              visual_regression_fail_pct: number | null;
              visual_regression_warn_pct: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/suites/{suite_id}/cases": {
    /** Add a case to a suite */
    post: {
      parameters: {
        path: {
          suite_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Assertions: strings or {text} */
            assertions?: unknown[];
            context?: string | null;
            /** @default true */
            fuzzy_match?: boolean;
            /**
             * @default recorded
             * @enum {string}
             */
            mode?: "ai" | "recorded";
            name: string;
            source_device_height?: number | null;
            source_device_width?: number | null;
            source_recording?: unknown[] | null;
            /** @description Steps: strings or {text, action_indices?, visual?} */
            steps: unknown[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_public_id: string | null;
              assertions: unknown[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              recent_run_statuses?: string[];
              source_device_height: number | null;
              source_device_width: number | null;
              source_gesture_list: string[];
              source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
              source_recording: unknown[] | null;
              source_recording_summary: {
                gesture_counts: {
                  [key: string]: number;
                };
                total_actions: number;
              };
              step_count: number;
              step_gesture_groups: number[][];
              steps: unknown[];
              sub_flow_ids: string[];
              suite_id: number | null;
              suite_public_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/suites/{suite_id}/cases/{case_id}/copy": {
    /** Copy a case into another suite */
    post: {
      parameters: {
        path: {
          suite_id: string;
          case_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            target_suite_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              app_id: number | null;
              app_public_id: string | null;
              assertions: unknown[];
              context: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              recent_run_statuses?: string[];
              source_device_height: number | null;
              source_device_width: number | null;
              source_gesture_list: string[];
              source_platform: ("ios" | "android" | "tvos" | "androidtv") | null;
              source_recording: unknown[] | null;
              source_recording_summary: {
                gesture_counts: {
                  [key: string]: number;
                };
                total_actions: number;
              };
              step_count: number;
              step_gesture_groups: number[][];
              steps: unknown[];
              sub_flow_ids: string[];
              suite_id: number | null;
              suite_public_id: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/suites/{suite_id}/export-yaml": {
    /** Export a suite as YAML */
    get: {
      parameters: {
        path: {
          suite_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: never;
        };
      };
    };
  };
  "/api/v1/tests/suites/import-yaml": {
    /** Import a suite from a YAML file (multipart field `file`) */
    post: {
      parameters: {
        query?: {
          app_id?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              case_count: number;
              name: string;
              public_id: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/tags": {
    /** The organization's tags with suite counts */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                display_name: string;
                name: string;
                suite_count: number;
              }[];
          };
        };
      };
    };
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export type operations = Record<string, never>;
