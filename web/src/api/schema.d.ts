/**
 * Generated from web/openapi.json by `npm run web:openapi` (openapi-typescript). Do not edit.
 */


export interface paths {
  "/api/v1/ai/config": {
    /** The organization's default provider and model */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              default_model: string;
              /** @enum {string} */
              default_provider: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
            };
          };
        };
      };
    };
    /** Set the default provider and model (developer); own-key models end in :byok */
    put: {
      requestBody: {
        content: {
          "application/json": {
            default_model?: string;
            /** @enum {string} */
            default_provider?: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              default_model: string;
              /** @enum {string} */
              default_provider: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
            };
          };
        };
      };
    };
  };
  "/api/v1/ai/generate-test": {
    /** Natural-language steps and assertions from a recording */
    post: {
      requestBody: {
        content: {
          "application/json": {
            app_name?: string;
            context?: string;
            model?: string;
            recording: ({
                button?: string;
                duration_ms?: number;
                key?: string;
                latitude?: number;
                longitude?: number;
                /** @enum {string} */
                mode?: "light" | "dark" | "online" | "offline";
                package_name?: string;
                /** @enum {string} */
                permission?: "camera" | "microphone" | "location" | "photos" | "contacts" | "notifications";
                rotation?: 0 | 90 | 180 | 270;
                screenshot?: string;
                selector?: {
                  accessibility_id?: string;
                  class?: string;
                  id?: string;
                  index?: number;
                  label?: string;
                  text?: string;
                };
                /** @enum {string} */
                state?: "granted" | "denied" | "reset";
                t_ms: number;
                text?: string;
                /** @enum {string} */
                type: "tap" | "double_tap" | "long_press" | "swipe" | "type_text" | "key" | "button" | "rotate" | "launch_app" | "wait" | "open_url" | "set_location" | "set_permission" | "set_appearance" | "set_network" | "set_clipboard";
                url?: string;
                x?: number;
                x2?: number;
                y?: number;
                y2?: number;
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              assertions: string[];
              name: string;
              steps: {
                  /** @description data URL of an image */
                  screenshot: string;
                  source_action_index: number;
                  text: string;
                }[];
            };
          };
        };
      };
    };
  };
  "/api/v1/ai/keys": {
    /** The organization's provider keys (hints only) */
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
                /** @example …f3a9 */
                key_hint: string;
                /** @enum {string} */
                provider: "provider_a" | "provider_b" | "provider_c" | "aggregator";
              })[];
          };
        };
      };
    };
    /** Add a provider key (developer); it replaces the organization's key for that provider and is never shown again */
    post: {
      requestBody: {
        content: {
          "application/json": {
            api_key: string;
            /** @enum {string} */
            provider: "provider_a" | "provider_b" | "provider_c" | "aggregator";
          };
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
              /** @example …f3a9 */
              key_hint: string;
              /** @enum {string} */
              provider: "provider_a" | "provider_b" | "provider_c" | "aggregator";
            };
          };
        };
      };
    };
  };
  "/api/v1/ai/keys/{key_id}": {
    /** Delete a provider key (developer) */
    delete: {
      parameters: {
        path: {
          key_id: number;
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
  "/api/v1/ai/models": {
    /** Built-in models and those reachable with the organization's own keys */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                builtin: boolean;
                id: string;
                name: string;
                /** @enum {string} */
                provider: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
              })[];
          };
        };
      };
    };
  };
  "/api/v1/ai/models/aggregator": {
    /** The aggregator's vision models: live with an aggregator key (cached 10 min), else a recommended set */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                builtin: boolean;
                id: string;
                name: string;
                /** @enum {string} */
                provider: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
              })[];
          };
        };
      };
    };
  };
  "/api/v1/ai/models/openrouter": {
    /** The aggregator's vision models: live with an aggregator key (cached 10 min), else a recommended set */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                builtin: boolean;
                id: string;
                name: string;
                /** @enum {string} */
                provider: "platform" | "provider_a" | "provider_b" | "provider_c" | "aggregator";
              })[];
          };
        };
      };
    };
  };
  "/api/v1/ai/suite/run": {
    /** Run a suite's cases one after another on an active session */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            /** @description not accepted here; see POST /ci/run-suite */
            devices?: unknown;
            fuzzy_match?: boolean;
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            parallelism?: number;
            provider?: string;
            retries?: number;
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
  "/api/v1/ai/usage": {
    /** Model usage: total, own keys (estimates), platform (billed), per model */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              by_model: {
                  cost_micro: number;
                  model: string;
                  runs: number;
                }[];
              byok: {
                cost_micro: number;
                input_tokens: number;
                output_tokens: number;
                runs_count: number;
              };
              platform: {
                cost_micro: number;
                input_tokens: number;
                output_tokens: number;
                runs_count: number;
              };
              total: {
                cost_micro: number;
                input_tokens: number;
                output_tokens: number;
                runs_count: number;
              };
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
     * @description multipart/form-data: `file` (required, same package as the app), `version`, `build_number`, `note` (at most 500 characters). 413 when the file is over 500 MB or would take the organization past its storage quota (the detail names the quota and the usage; nothing is stored).
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
     * @description multipart/form-data: `file` (required: .apk, .apks, or an iOS simulator .app as .zip/.tar.gz/.tgz, at most 500 MB), `name`, `package_name`, `platform`, `note` (at most 500 characters), `version`, `build_number`. 413 when the file is over 500 MB or would take the organization past its storage quota (the detail names the quota and the usage; nothing is stored).
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
  "/api/v1/auth/mail-delivery": {
    /** Where verification, reset and invitation mail goes (SMTP, or files on the server) */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description Each mail's links are also printed to the server's log */
              links_in_log: boolean;
              /**
               * @description `smtp`: mail is sent through SMTP_URL; `outbox`: no SMTP is configured and mail is written to files on the server
               * @enum {string}
               */
              mode: "smtp" | "outbox";
              /** @description The outbox folder in `outbox` mode; null with SMTP */
              outbox: string | null;
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
  "/api/v1/billing/stripe/webhook": {
    /** Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET); credits completed top-ups */
    post: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {boolean} */
              received: true;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/list-suites": {
    /** Suites, filtered by tags */
    get: {
      parameters: {
        query?: {
          tags?: string;
          match?: "any" | "all";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                case_count: number;
                description: string | null;
                id: string;
                name: string;
                platform: string | null;
                tags: {
                    display_name: string;
                    name: string;
                  }[];
              })[];
          };
        };
      };
    };
  };
  "/api/v1/ci/multi-suite-runs/{public_id}": {
    /** A multi-suite run and its suite runs */
    get: {
      parameters: {
        path: {
          public_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              commit_sha: string | null;
              completed_at: string | null;
              id: string;
              /**
               * @description additive
               * @enum {string}
               */
              match: "any" | "all";
              /** @description additive */
              metadata: {
                [key: string]: unknown;
              } | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "cancelled" | "error";
              suite_runs: ({
                  case_runs: ({
                      case_name: string;
                      duration_ms: number | null;
                      run_id: string;
                      /** @enum {string} */
                      status: "pending" | "running" | "passed" | "failed" | "error";
                      url: string;
                      visual_regression_status: ("ok" | "warn" | "fail") | null;
                    })[];
                  /** @description additive */
                  error_message: string | null;
                  failed: number;
                  passed: number;
                  run_id: string;
                  /** @enum {string} */
                  status: "pending" | "running" | "passed" | "failed" | "cancelled" | "error";
                  suite_id: string;
                  suite_name: string;
                  /** @description additive: the engine suite run (srun_…) */
                  suite_run_id: string | null;
                  visual_regression_status: ("ok" | "warn" | "fail") | null;
                })[];
              /** @description additive */
              tags: string[];
              visual_regression_status: ("ok" | "warn" | "fail") | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/run-suite": {
    /** Run a suite on a device allocated for it; poll GET /ci/runs/{run_id} */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            commit_sha?: string;
            /**
             * @description phone when neither this nor device_id is given
             * @enum {string}
             */
            device_category?: "phone" | "tablet" | "tv";
            /** @description Pins a device (its string device_id) */
            device_id?: string;
            /** @description A device matrix: the whole suite runs once per target (each with parallelism), results grouped per target. A target no device of the fleet can serve is refused up front (409). */
            devices?: ({
                /**
                 * @description phone or tablet when not given
                 * @enum {string}
                 */
                category?: "phone" | "tablet" | "tv";
                /** @enum {string} */
                device_type: "ios" | "android";
                /** @description a model as GET /devices names it */
                model?: string;
                os_version?: string;
              })[];
            /** @description Passed through unchanged into the webhook payloads of the run (at most 16 KB of JSON, nested at most 8 levels) */
            metadata?: {
              [key: string]: unknown;
            };
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            /** @description Spreads the cases over this many sessions, allocated through the queue and plan caps (default 1); run-suites also runs the suites side by side */
            parallelism?: number;
            provider?: string;
            /** @description Runs a failed or errored case again up to this often (default: the suite's setting) */
            retries?: number;
            /** @description Suite public id */
            suite_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              run_id: string;
              /** @enum {string} */
              status: "pending";
              /** @description additive: the path to poll */
              status_url: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/run-suites": {
    /** Run every suite matching the tags, one after another */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            commit_sha?: string;
            /**
             * @description phone when neither this nor device_id is given
             * @enum {string}
             */
            device_category?: "phone" | "tablet" | "tv";
            /** @description Pins a device (its string device_id) */
            device_id?: string;
            /** @description A device matrix: the whole suite runs once per target (each with parallelism), results grouped per target. A target no device of the fleet can serve is refused up front (409). */
            devices?: ({
                /**
                 * @description phone or tablet when not given
                 * @enum {string}
                 */
                category?: "phone" | "tablet" | "tv";
                /** @enum {string} */
                device_type: "ios" | "android";
                /** @description a model as GET /devices names it */
                model?: string;
                os_version?: string;
              })[];
            /**
             * @default any
             * @enum {string}
             */
            match?: "any" | "all";
            /** @description Passed through unchanged into the webhook payloads of the run (at most 16 KB of JSON, nested at most 8 levels) */
            metadata?: {
              [key: string]: unknown;
            };
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            /** @description Spreads the cases over this many sessions, allocated through the queue and plan caps (default 1); run-suites also runs the suites side by side */
            parallelism?: number;
            provider?: string;
            /** @description Runs a failed or errored case again up to this often (default: the suite's setting) */
            retries?: number;
            tags: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              aggregate_id: string;
              matched_suite_ids: string[];
              status_url: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/run-test": {
    /** Run a test case on a device allocated for it; poll GET /ci/runs/{run_id} */
    post: {
      requestBody: {
        content: {
          "application/json": {
            build_id?: number;
            commit_sha?: string;
            /**
             * @description phone when neither this nor device_id is given
             * @enum {string}
             */
            device_category?: "phone" | "tablet" | "tv";
            /** @description Pins a device (its string device_id) */
            device_id?: string;
            /** @description Passed through unchanged into the webhook payloads of the run (at most 16 KB of JSON, nested at most 8 levels) */
            metadata?: {
              [key: string]: unknown;
            };
            /**
             * @default hybrid
             * @enum {string}
             */
            mode?: "hybrid" | "ai" | "replay";
            model?: string;
            provider?: string;
            /** @description Case public id */
            test_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              run_id: string;
              /** @enum {string} */
              status: "pending";
              /** @description additive: the path to poll */
              status_url: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/runs/{run_id}": {
    /** A CI run: status, progress while running, results once ended, queue position while queued */
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
              commit_sha: string | null;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              duration_ms: number | null;
              /** @description additive: the suite run (srun_…) or test run (run_…) executing */
              engine_run_id: string | null;
              error_message: string | null;
              finished_at: string | null;
              /** @description additive */
              matrix_run_id: string | null;
              metadata: {
                [key: string]: unknown;
              } | null;
              /** @description additive */
              multi_suite_run_id: string | null;
              /** @description additive: the suite's or case's name */
              name: string;
              /**
               * @description additive
               * @enum {string}
               */
              phase: "waiting_turn" | "allocating" | "queued" | "starting" | "running" | "finished";
              progress: {
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  at: string;
                  message: string;
                }[];
              queue: {
                position: number;
              } | null;
              results: ((({
                  attempts: ({
                      attempt: number;
                      duration_ms: number | null;
                      error_message: string | null;
                      run_id: string;
                      /** @enum {string} */
                      status: "pending" | "running" | "passed" | "failed" | "error";
                    })[];
                  case_id: string;
                  case_name: string;
                  device_id: string | null;
                  device_name: string | null;
                  duration_ms: number | null;
                  error_message: string | null;
                  flaky: boolean;
                  quarantined: boolean;
                  run_id: string;
                  shard: number | null;
                  /** @enum {string} */
                  status: "pending" | "running" | "passed" | "failed" | "error";
                  target: number | null;
                  url: string;
                  visual_regression_status: ("ok" | "warn" | "fail") | null;
                })[]) | (({
                  duration_ms: number | null;
                  error: string | null;
                  index: number;
                  resolved_by: string | null;
                  screenshot: string | null;
                  status: string;
                  text: string;
                  visual: ({
                    diff_pct: number;
                    /** @enum {string} */
                    verdict: "ok" | "warn" | "fail";
                  }) | null;
                })[])) | null;
              run_id: string;
              run_url: string;
              /** @description additive */
              session_id: string | null;
              shards: (({
                  cases: number;
                  device_id: string | null;
                  device_name: string | null;
                  index: number;
                  session_id: string;
                  /** @enum {string} */
                  status: "waiting" | "starting" | "running" | "finished" | "unused" | "lost";
                })[]) | null;
              started_at: string | null;
              /** @enum {string} */
              status: "pending" | "running" | "passed" | "failed" | "cancelled" | "error";
              /** @description additive: the suite (suite_run) */
              suite_id: string | null;
              /** @description additive */
              targets: (({
                  category: ("phone" | "tablet" | "tv") | null;
                  /** @enum {string} */
                  device_type: "ios" | "android";
                  duration_ms: number | null;
                  engine_run_id: string | null;
                  error_message: string | null;
                  failed: number;
                  flaky: number;
                  index: number;
                  model: string | null;
                  os_version: string | null;
                  passed: number;
                  quarantined: number;
                  /** @description The CI run of this target (GET /ci/runs/{run_id}) */
                  run_id: string;
                  session_id: string | null;
                  shards: (({
                      cases: number;
                      device_id: string | null;
                      device_name: string | null;
                      index: number;
                      session_id: string;
                      /** @enum {string} */
                      status: "waiting" | "starting" | "running" | "finished" | "unused" | "lost";
                    })[]) | null;
                  /** @enum {string} */
                  status: "pending" | "running" | "passed" | "failed" | "cancelled" | "error";
                })[]) | null;
              /** @description additive: the case (test_run) */
              test_id: string | null;
              /** @enum {string} */
              type: "suite_run" | "test_run";
              /** @description additive */
              visual_regression_status: ("ok" | "warn" | "fail") | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/runs/{run_id}/cancel": {
    /** Cancel a CI run (additive); its session is ended all the same */
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
              /** @enum {string} */
              status: "cancellation_requested";
            };
          };
        };
      };
    };
  };
  "/api/v1/ci/runs/{run_id}/report.html": {
    /** A suite CI run's HTML report (additive): one self-contained file, a section per device matrix target */
    get: {
      parameters: {
        path: {
          run_id: string;
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
  "/api/v1/credits/balance": {
    /** Credit balance: allowance, prepaid credit, bundles and top-up bounds */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description Remaining monthly plan allowance */
              allowance_micro: number;
              bundles: {
                  amount_micro: number;
                  bundle_key: string;
                }[];
              custom_max_micro: number;
              custom_min_micro: number;
              low_balance: boolean;
              plan_allowance_micro: number;
              /** @description additive */
              plan_id: string;
              /** @description End of the allowance period; null on the free plan */
              plan_period_end: string | null;
              /** @description Remaining purchased credit */
              prepaid_micro: number;
              /** @description additive: false when top-ups answer 503 (no payment provider configured) */
              topup_available: boolean;
            };
          };
        };
      };
    };
  };
  "/api/v1/credits/ledger": {
    /** Credit ledger entries, most recent first */
    get: {
      parameters: {
        query?: {
          limit?: number;
          offset?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              entries: ({
                  /** @description Signed; deductions are negative */
                  amount_micro: number;
                  /** @enum {string} */
                  balance_bucket: "allowance" | "prepaid";
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  created_at: string;
                  /** @enum {string} */
                  entry_type: "usage_deduction" | "prepaid_topup" | "subscription_refill" | "grant" | "refund";
                  id: number;
                  is_streaming: boolean;
                  /** @description additive: on a subscription_refill, the unused allowance that lapsed (amount_micro is the net change) */
                  lapsed_micro: number | null;
                  model: string | null;
                  /** @description additive: the operator note of a grant */
                  note: string | null;
                  /** @description additive: the session of a streaming-overage entry */
                  session_id: string | null;
                  test_run_id: number | null;
                })[];
              total: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/credits/topup": {
    /** Open a Stripe Checkout for a bundle or a custom whole-dollar amount (admin); credit is applied when it completes */
    post: {
      requestBody: {
        content: {
          "application/json": {
            amount_usd?: number;
            bundle_key?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
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
                /** @description Additive: a simdeck virtual device (the built-in fleet): it renders apps from their simdeck app model, not a real OS */
                virtual: boolean;
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
              /** @description Additive: a simdeck virtual device (the built-in fleet): it renders apps from their simdeck app model, not a real OS */
              virtual: boolean;
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
                /** @description Additive: every device of the group is a simdeck virtual device */
                virtual: boolean;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/integrations/events/catalog": {
    /** Every event type simdeck emits */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** @enum {string} */
                category: "runs" | "cases" | "warnings" | "visual" | "platform" | "billing";
                default_enabled: boolean;
                description: string;
                type: string;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/integrations/github": {
    /** The GitHub connection, without its token, or null when none is made (developer) */
    get: {
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
              repository: string;
              /** @example …a1b2 */
              token_hint: string;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
            } | null;
          };
        };
      };
    };
    /** Connect a GitHub repository for commit statuses; the token is stored encrypted (admin) */
    put: {
      requestBody: {
        content: {
          "application/json": {
            /** @example acme/shop-app */
            repository: string;
            /** @description A token allowed to write commit statuses; stored encrypted */
            token: string;
          };
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
              repository: string;
              /** @example …a1b2 */
              token_hint: string;
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
    /** Disconnect GitHub (admin) */
    delete: {
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
  "/api/v1/integrations/webhooks": {
    /** The organization's webhooks (developer) */
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
                description: string | null;
                enabled: boolean;
                event_types: string[];
                id: number;
                /**
                 * @description additive
                 * @example 2026-11-22T04:19:17.123
                 */
                updated_at: string;
                url: string;
              })[];
          };
        };
      };
    };
    /** Create a webhook; its signing secret is shown only in this response (admin) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            description?: string | null;
            /** @default true */
            enabled?: boolean;
            /** @description Omit for the catalog entries with default_enabled */
            event_types?: string[];
            url: string;
          };
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
              description: string | null;
              enabled: boolean;
              event_types: string[];
              id: number;
              /** @description The signing secret; shown only in this response */
              secret: string;
              /**
               * @description additive
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              url: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/integrations/webhooks/{id}": {
    /** A webhook (developer) */
    get: {
      parameters: {
        path: {
          id: number;
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
              description: string | null;
              enabled: boolean;
              event_types: string[];
              id: number;
              /**
               * @description additive
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              url: string;
            };
          };
        };
      };
    };
    /** Delete a webhook and its deliveries (admin) */
    delete: {
      parameters: {
        path: {
          id: number;
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
    /** Change a webhook (admin) */
    patch: {
      parameters: {
        path: {
          id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            description?: string | null;
            enabled?: boolean;
            /** @description Event types from GET /integrations/events/catalog */
            event_types?: string[];
            url?: string;
          };
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
              description: string | null;
              enabled: boolean;
              event_types: string[];
              id: number;
              /**
               * @description additive
               * @example 2026-11-22T04:19:17.123
               */
              updated_at: string;
              url: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/integrations/webhooks/{id}/deliveries": {
    /** Deliveries of the last 30 days, most recent first (developer) */
    get: {
      parameters: {
        query?: {
          limit?: number;
          offset?: number;
        };
        path: {
          id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              deliveries: ({
                  attempt_log: ({
                      /**
                       * @description ISO 8601 date-time (UTC) without a zone designator
                       * @example 2026-11-22T04:19:17.123
                       */
                      at: string;
                      duration_ms: number;
                      error: string | null;
                      response_status: number | null;
                    })[];
                  attempts: number;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  created_at: string;
                  delivered_at: string | null;
                  duration_ms: number | null;
                  error: string | null;
                  event_id: string;
                  event_type: string;
                  id: number;
                  last_attempt_at: string | null;
                  next_attempt_at: string | null;
                  /** @description The body sent, up to 4096 characters */
                  payload_excerpt: string;
                  redelivery_of: number | null;
                  response_excerpt: string | null;
                  response_status: number | null;
                  /** @enum {string} */
                  status: "pending" | "retrying" | "succeeded" | "failed";
                })[];
              total: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/integrations/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
    /** Send a past delivery's event again (admin) */
    post: {
      parameters: {
        path: {
          id: number;
          delivery_id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              attempt_log: ({
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  at: string;
                  duration_ms: number;
                  error: string | null;
                  response_status: number | null;
                })[];
              attempts: number;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              delivered_at: string | null;
              duration_ms: number | null;
              error: string | null;
              event_id: string;
              event_type: string;
              id: number;
              last_attempt_at: string | null;
              next_attempt_at: string | null;
              /** @description The body sent, up to 4096 characters */
              payload_excerpt: string;
              redelivery_of: number | null;
              response_excerpt: string | null;
              response_status: number | null;
              /** @enum {string} */
              status: "pending" | "retrying" | "succeeded" | "failed";
            };
          };
        };
      };
    };
  };
  "/api/v1/integrations/webhooks/{id}/regenerate-secret": {
    /** Rotate the signing secret; the new one is shown only in this response (admin) */
    post: {
      parameters: {
        path: {
          id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description The new signing secret; shown only in this response. The old one stops signing at once. */
              secret: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/integrations/webhooks/{id}/subscriptions": {
    /** A webhook's event types (developer) */
    get: {
      parameters: {
        path: {
          id: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              event_types: string[];
            };
          };
        };
      };
    };
    /** Replace a webhook's event types (admin) */
    put: {
      parameters: {
        path: {
          id: number;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Event types from GET /integrations/events/catalog */
            event_types: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              event_types: string[];
            };
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
  "/api/v1/recordings/{recording_id}": {
    /** A session recording (video/mp4, H.264; HTTP Range supported) */
    get: {
      parameters: {
        path: {
          recording_id: string;
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
                /** @description The device capabilities the session's device supports (additive): open_url, location, permissions, clipboard, media, appearance, push, network. */
                capabilities?: ("open_url" | "location" | "permissions" | "clipboard" | "media" | "appearance" | "push" | "network")[];
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                created_at: string;
                /** @description Who created the session (additive): its owner, who controls it along with developers and admins. api_token_id is set when an API token created it; the token then owns it, not its user. */
                created_by: {
                  api_token_id: number | null;
                  user_id: number | null;
                };
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
                /** @description Why a queued session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null otherwise. */
                queue_reason: string | null;
                screen: {
                  height: number;
                  rotation: number;
                  width: number;
                } | null;
                session_id: string;
                start_time: string | null;
                /** @enum {string} */
                status: "pending" | "starting" | "active" | "stopped" | "failed";
                /** @description WebSocket of the live screen: a JSON hello, then one binary JPEG per frame. With ?codec=h264 a viewer gets H.264 access units behind a 16-byte header when the device streams H.264, and JPEG behind the same header otherwise, announced by {"type":"codec"} messages (docs/sessions-and-devices.md). */
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
            /** @description additive: only a device of this model (as GET /devices names it) */
            device_model?: string;
            /** @enum {string} */
            device_type: "ios" | "android";
            /** @description Flat JSON object of launch parameters */
            launch_params?: {
              [key: string]: string | number | boolean;
            };
            /** @description additive: only a device running this OS version */
            os_version?: string;
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
              /** @description The device capabilities the session's device supports (additive): open_url, location, permissions, clipboard, media, appearance, push, network. */
              capabilities?: ("open_url" | "location" | "permissions" | "clipboard" | "media" | "appearance" | "push" | "network")[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @description Who created the session (additive): its owner, who controls it along with developers and admins. api_token_id is set when an API token created it; the token then owns it, not its user. */
              created_by: {
                api_token_id: number | null;
                user_id: number | null;
              };
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
              /** @description Why a queued session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null otherwise. */
              queue_reason: string | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              /** @description WebSocket of the live screen: a JSON hello, then one binary JPEG per frame. With ?codec=h264 a viewer gets H.264 access units behind a 16-byte header when the device streams H.264, and JPEG behind the same header otherwise, announced by {"type":"codec"} messages (docs/sessions-and-devices.md). */
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
              /** @description The device capabilities the session's device supports (additive): open_url, location, permissions, clipboard, media, appearance, push, network. */
              capabilities?: ("open_url" | "location" | "permissions" | "clipboard" | "media" | "appearance" | "push" | "network")[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @description Who created the session (additive): its owner, who controls it along with developers and admins. api_token_id is set when an API token created it; the token then owns it, not its user. */
              created_by: {
                api_token_id: number | null;
                user_id: number | null;
              };
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
              /** @description Why a queued session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null otherwise. */
              queue_reason: string | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              /** @description WebSocket of the live screen: a JSON hello, then one binary JPEG per frame. With ?codec=h264 a viewer gets H.264 access units behind a 16-byte header when the device streams H.264, and JPEG behind the same header otherwise, announced by {"type":"codec"} messages (docs/sessions-and-devices.md). */
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
  "/api/v1/sessions/{session_id}/agent/tools": {
    /** The device tools an agent can call on this session, with their JSON schemas */
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
              tools: {
                  description: string;
                  /** @description JSON Schema of the arguments */
                  input_schema: {
                    [key: string]: unknown;
                  };
                  name: string;
                }[];
            };
          };
        };
      };
    };
    /** Call one device tool; acting tools answer with the settled screen that follows (counts as use of the session) */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description the tool's arguments, as its input_schema describes; omit for none */
            arguments?: {
              [key: string]: unknown;
            };
            tool: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              apps?: {
                  name: string;
                  package_name: string;
                  version: string;
                }[];
              detail: string;
              image?: {
                /** @enum {string} */
                content_type: "image/png";
                /** @description base64 */
                data: string;
                height: number;
                width: number;
              };
              /** @description false when the device was not asked (a disabled element, nothing focused); detail says why */
              ok: boolean;
              screen?: {
                /** @description one line per element: ref role "text" #id [x,y wxh] flags */
                elements: string[];
                height: number;
                width: number;
              };
              tool: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/appearance": {
    /** Switch the device to light or dark appearance */
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
            mode: "light" | "dark";
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
  "/api/v1/sessions/{session_id}/clipboard": {
    /** Read the device's clipboard */
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
              text: string;
            };
          };
        };
      };
    };
    /** Set the device's clipboard */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Text of at most 64 KB. */
            text: string;
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
  "/api/v1/sessions/{session_id}/element-at": {
    /** The element a touch at (x, y) lands on now: its selector, role, text, id and label (the console recorder reads it before each tap) */
    get: {
      parameters: {
        query: {
          /** @description pixels of the device screen, as /control takes them */
          x: number;
          y: number;
        };
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description null when the point hits no element */
              element: ({
                enabled: boolean;
                id: string | null;
                /** @description a field's visible label */
                label: string | null;
                role: string;
                /** @description a recorded action's selector: replay finds the element again by it */
                selector: {
                  accessibility_id?: string;
                  class?: string;
                  id?: string;
                  index?: number;
                  label?: string;
                  text?: string;
                };
                text: string | null;
              }) | null;
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
  "/api/v1/sessions/{session_id}/location": {
    /** Set the device's location */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            latitude: number;
            longitude: number;
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
  "/api/v1/sessions/{session_id}/logs": {
    /**
     * The session's device log
     * @description Lines of the device log in the order the device wrote them: app launches and terminations, screens and alerts (virtual devices), the app's own lines and the system's errors. `since` pages by cursor; live lines also arrive on `/ws` as `session.log`.
     */
    get: {
      parameters: {
        query?: {
          /** @description Lines after this cursor (a `next_since` of an earlier answer); 0 from the start */
          since?: number;
          /** @description Only lines at this level or above */
          level?: "debug" | "info" | "warn" | "error" | "fatal";
          /** @description Only lines whose tag or message holds this text (any case) */
          q?: string;
          limit?: number;
        };
        path: {
          session_id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              lines: ({
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  at: string;
                  /**
                   * @description debug < info < warn < error < fatal
                   * @enum {string}
                   */
                  level: "debug" | "info" | "warn" | "error" | "fatal";
                  message: string;
                  /** @description The line's number in the session's device log */
                  seq: number;
                  /** @enum {string} */
                  source: "app" | "system";
                  tag: string;
                })[];
              /** @description Pass as `since` for the lines that follow */
              next_since: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/media": {
    /**
     * Add a photo or video to the device's library
     * @description multipart/form-data: `file` (required): a JPEG, PNG, HEIC or MP4 of at most 100 MB, checked by its first bytes.
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
              name: string;
              /** @enum {string} */
              status: "ok";
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/network": {
    /** Take the device offline or back online */
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
            mode: "online" | "offline";
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
  "/api/v1/sessions/{session_id}/open-url": {
    /** Open a link on the device (a deep link or a web address) */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description An http(s) address or an app link such as myapp://items/3 (at most 2 KB). */
            url: string;
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
  "/api/v1/sessions/{session_id}/permissions": {
    /** Grant, deny or reset an app's permission */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description The app (Android package or iOS bundle id); required to grant or deny on Android and iOS. */
            package_name?: string;
            /** @enum {string} */
            permission: "camera" | "microphone" | "location" | "photos" | "contacts" | "notifications";
            /** @enum {string} */
            state: "granted" | "denied" | "reset";
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
  "/api/v1/sessions/{session_id}/push": {
    /** Send the device a notification */
    post: {
      parameters: {
        path: {
          session_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            body: string;
            data?: {
              [key: string]: string | number | boolean;
            };
            /** @description The app that receives it; required on iOS simulators. Virtual devices default to the app in front, else the newest app with a notificationRoute. */
            package_name?: string;
            title: string;
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
  "/api/v1/sessions/{session_id}/recording/start": {
    /** Start recording the session's screen (developer; one recording at a time) */
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
              duration_ms: number | null;
              ended_at: string | null;
              error_message: string | null;
              height: number | null;
              recording_id: string;
              session_id: string;
              size_bytes: number;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "recording" | "ready" | "failed";
              /** @description The MP4 (GET, any member), once the recording is ready */
              url: string;
              width: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/recording/stop": {
    /** Stop the recording: the MP4 is stored and playable at its url (developer) */
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
              duration_ms: number | null;
              ended_at: string | null;
              error_message: string | null;
              height: number | null;
              recording_id: string;
              session_id: string;
              size_bytes: number;
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              started_at: string;
              /** @enum {string} */
              status: "recording" | "ready" | "failed";
              /** @description The MP4 (GET, any member), once the recording is ready */
              url: string;
              width: number | null;
            };
          };
        };
      };
    };
  };
  "/api/v1/sessions/{session_id}/recordings": {
    /** The session's recordings, newest first */
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
              recordings: ({
                  duration_ms: number | null;
                  ended_at: string | null;
                  error_message: string | null;
                  height: number | null;
                  recording_id: string;
                  session_id: string;
                  size_bytes: number;
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  started_at: string;
                  /** @enum {string} */
                  status: "recording" | "ready" | "failed";
                  /** @description The MP4 (GET, any member), once the recording is ready */
                  url: string;
                  width: number | null;
                })[];
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
              /** @description The device capabilities the session's device supports (additive): open_url, location, permissions, clipboard, media, appearance, push, network. */
              capabilities?: ("open_url" | "location" | "permissions" | "clipboard" | "media" | "appearance" | "push" | "network")[];
              /**
               * @description ISO 8601 date-time (UTC) without a zone designator
               * @example 2026-11-22T04:19:17.123
               */
              created_at: string;
              /** @description Who created the session (additive): its owner, who controls it along with developers and admins. api_token_id is set when an API token created it; the token then owns it, not its user. */
              created_by: {
                api_token_id: number | null;
                user_id: number | null;
              };
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
              /** @description Why a queued session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null otherwise. */
              queue_reason: string | null;
              screen: {
                height: number;
                rotation: number;
                width: number;
              } | null;
              session_id: string;
              start_time: string | null;
              /** @enum {string} */
              status: "pending" | "starting" | "active" | "stopped" | "failed";
              /** @description WebSocket of the live screen: a JSON hello, then one binary JPEG per frame. With ?codec=h264 a viewer gets H.264 access units behind a 16-byte header when the device streams H.264, and JPEG behind the same header otherwise, announced by {"type":"codec"} messages (docs/sessions-and-devices.md). */
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
              /** @description Why the session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null when it waits for a device. */
              reason: string | null;
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
                flakiness?: {
                  alternations: number;
                  flaky_runs: number;
                  runs: number;
                  score: number;
                };
                fuzzy_match: boolean;
                has_source_recording: boolean;
                id: number;
                is_reusable: boolean;
                /** @enum {string} */
                mode: "ai" | "recorded";
                name: string;
                public_id: string;
                quarantine: ({
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  quarantined_at: string;
                  quarantined_by_user_id: number | null;
                  reason: string;
                }) | null;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
    /** Delete one step's baseline (step_<index>); the next passed run writes a new one */
    delete: {
      parameters: {
        path: {
          case_id: string;
          file: string;
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
  "/api/v1/tests/cases/{case_id}/baselines/history": {
    /** History of the case's baselines, newest first: written by a passed run, approved from a run, deleted */
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
                at: string;
                /** @description Who made the change (an email, or "system" for a run) */
                by: string;
                /**
                 * @description written_by_passed_run: a passed run wrote the missing baseline; approved: a developer approved a run's screenshot; deleted: removed
                 * @enum {string}
                 */
                change: "written_by_passed_run" | "approved" | "deleted";
                /** @description Public id of the run whose screenshot became the baseline */
                source_run_id: string | null;
                step_index: number;
              })[];
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/check-steps": {
    /**
     * Read a case's steps and assertions with the free interpreter, without a device (any member)
     * @description Each line is read against the screen the case's most recent run that kept screens recorded for it, while its text is the text that ran (else by its text alone). With a body, the unsaved `steps` and/or `assertions` given are read instead of the saved ones, by index (an editor checking as the author types).
     */
    post: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      /** @description Unsaved steps and/or assertions to read instead of the saved ones; omit to read the case */
      requestBody: {
        content: {
          "application/json": {
            /** @description Assertion sentences, bounded like a case */
            assertions?: string[];
            /** @description Step sentences, bounded like a case: an empty one reads as not understood */
            steps?: string[];
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description lines read against the screen the case's most recent run that kept screens recorded for them (a line edited since that run, or without a recorded screen, is read by its text alone); 0 for text checked before a case exists */
              screens_used: number;
              steps: ({
                  /** @description 0-based position among the case steps (or assertions) */
                  index: number;
                  /** @description the intent class read (tap, type, navigate, check_value, composite, …) */
                  intent: string | null;
                  /** @enum {string} */
                  kind: "step" | "assertion";
                  reason: string | null;
                  /**
                   * @description understood: the free interpreter reads it (with `intent`); needs_model: it names an action or check the interpreter cannot settle alone, a model run can; not_understood: no known verb or check
                   * @enum {string}
                   */
                  status: "understood" | "needs_model" | "not_understood";
                  /** @description forms the interpreter would read, closest first */
                  suggestions: string[];
                  text: string;
                })[];
              /** @description the case read; null for text checked before a case exists */
              test_case_id: string | null;
              total: number;
              understood: number;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/cases/{case_id}/quarantine": {
    /** Quarantine a case: it still runs, but its failure no longer fails suite runs, CI or commit statuses */
    post: {
      parameters: {
        path: {
          case_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason: string;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
    /** Take a case out of quarantine */
    delete: {
      parameters: {
        query?: {
          reason?: string;
        };
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
  "/api/v1/tests/check-steps": {
    /** Read steps and assertions of a case not created yet with the free interpreter (any member) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @description App public id the steps are for (checked) */
            app_id?: string;
            /** @description Assertion sentences, bounded like a case */
            assertions?: string[];
            /** @description Step sentences, bounded like a case: an empty one reads as not understood */
            steps: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description lines read against the screen the case's most recent run that kept screens recorded for them (a line edited since that run, or without a recorded screen, is read by its text alone); 0 for text checked before a case exists */
              screens_used: number;
              steps: ({
                  /** @description 0-based position among the case steps (or assertions) */
                  index: number;
                  /** @description the intent class read (tap, type, navigate, check_value, composite, …) */
                  intent: string | null;
                  /** @enum {string} */
                  kind: "step" | "assertion";
                  reason: string | null;
                  /**
                   * @description understood: the free interpreter reads it (with `intent`); needs_model: it names an action or check the interpreter cannot settle alone, a model run can; not_understood: no known verb or check
                   * @enum {string}
                   */
                  status: "understood" | "needs_model" | "not_understood";
                  /** @description forms the interpreter would read, closest first */
                  suggestions: string[];
                  text: string;
                })[];
              /** @description the case read; null for text checked before a case exists */
              test_case_id: string | null;
              total: number;
              understood: number;
            };
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
  "/api/v1/tests/runs/{run_id}/baselines/approve": {
    /** Make the run's step screenshots the case's baselines (developer): the given step_indexes, or all */
    post: {
      parameters: {
        path: {
          run_id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description Steps (0-based) whose screenshots become baselines; all steps with a screenshot when omitted */
            step_indexes?: number[];
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description The steps whose baselines were replaced */
              step_indexes: number[];
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
  "/api/v1/tests/runs/{run_id}/logs": {
    /** The run's slice of the device log, each line with the step during which it was written */
    get: {
      parameters: {
        query?: {
          /** @description Only lines at this level or above */
          level?: "debug" | "info" | "warn" | "error" | "fatal";
          /** @description Only lines whose tag or message holds this text (any case) */
          q?: string;
          /** @description Only lines of this step */
          step_index?: number;
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
              /** @description Older lines of a very long run that were not kept */
              dropped: number;
              lines: ({
                  /**
                   * @description ISO 8601 date-time (UTC) without a zone designator
                   * @example 2026-11-22T04:19:17.123
                   */
                  at: string;
                  /** @enum {string} */
                  level: "debug" | "info" | "warn" | "error" | "fatal";
                  message: string;
                  seq: number;
                  /** @enum {string} */
                  source: "app" | "system";
                  /** @description The step during which the device wrote it; null before the first step */
                  step_index: number | null;
                  tag: string;
                })[];
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
  "/api/v1/tests/runs/{run_id}/suggestions/{index}/accept": {
    /** Write a step the model settled into the case's recording, so the next run replays it (developer) */
    post: {
      parameters: {
        path: {
          run_id: string;
          index: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description the step's new action_indices into source_recording */
              action_indices: number[];
              /** @enum {string} */
              status: "accepted";
              step_index: number;
              /** @description the case public id */
              test_case_id: string;
            };
          };
        };
      };
    };
  };
  "/api/v1/tests/runs/{run_id}/video": {
    /**
     * The run's screen recording (video/mp4, H.264, a chapter per step; HTTP Range supported)
     * @description 404 while the run has no video: it has not ended, its suite does not keep one, or its device host has no encoder.
     */
    get: {
      parameters: {
        path: {
          run_id: string;
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
              parallelism: number;
              public_id: string;
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              retries: number;
              session_id: string | null;
              shards: ({
                  cases: number;
                  device_id: string | null;
                  device_name: string | null;
                  index: number;
                  session_id: string;
                  /** @enum {string} */
                  status: "waiting" | "starting" | "running" | "finished" | "unused" | "lost";
                })[];
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
                  attempts: ({
                      attempt: number;
                      duration_ms: number | null;
                      error_message: string | null;
                      run_id: string;
                      /** @enum {string} */
                      status: "pending" | "running" | "passed" | "failed" | "error";
                    })[];
                  device_id: string | null;
                  device_name: string | null;
                  duration_ms: number | null;
                  error_message: string | null;
                  flaky: boolean;
                  id: number;
                  public_id: string;
                  quarantined: boolean;
                  shard: number | null;
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
  "/api/v1/tests/suite-runs/{suite_run_id}/report.html": {
    /** The suite run as one self-contained HTML file (inline styles, images as data URIs, no scripts): summary, shards, every case with its steps, screenshots and visual diffs */
    get: {
      parameters: {
        path: {
          suite_run_id: string;
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
                /** @enum {string} */
                accessibility: "off" | "warn" | "fail";
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
                record_video: "always" | "on_failure" | "never";
                /** @enum {string} */
                reset_strategy: "relaunch" | "clear_data" | "reinstall";
                retries: number;
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
            /**
             * @description Check every step's screen for accessibility findings (default warn)
             * @enum {string}
             */
            accessibility?: "off" | "warn" | "fail";
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
              /** @enum {string} */
              accessibility: "off" | "warn" | "fail";
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
              record_video: "always" | "on_failure" | "never";
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              retries: number;
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
              /** @enum {string} */
              accessibility: "off" | "warn" | "fail";
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
                  flakiness?: {
                    alternations: number;
                    flaky_runs: number;
                    runs: number;
                    score: number;
                  };
                  fuzzy_match: boolean;
                  has_source_recording: boolean;
                  id: number;
                  is_reusable: boolean;
                  /** @enum {string} */
                  mode: "ai" | "recorded";
                  name: string;
                  public_id: string;
                  quarantine: ({
                    /**
                     * @description ISO 8601 date-time (UTC) without a zone designator
                     * @example 2026-11-22T04:19:17.123
                     */
                    quarantined_at: string;
                    quarantined_by_user_id: number | null;
                    reason: string;
                  }) | null;
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
              record_video: "always" | "on_failure" | "never";
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              retries: number;
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
            /**
             * @description Check every step's screen for accessibility findings: off, warn (reported), fail (findings fail the run)
             * @enum {string}
             */
            accessibility?: "off" | "warn" | "fail";
            context?: string | null;
            description?: string | null;
            name?: string;
            /**
             * @description Keep each run's screen recording always, only when it did not pass, or never record
             * @enum {string}
             */
            record_video?: "always" | "on_failure" | "never";
            /** @enum {string} */
            reset_strategy?: "relaunch" | "clear_data" | "reinstall";
            retries?: number;
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
              /** @enum {string} */
              accessibility: "off" | "warn" | "fail";
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
              record_video: "always" | "on_failure" | "never";
              /** @enum {string} */
              reset_strategy: "relaunch" | "clear_data" | "reinstall";
              retries: number;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
              flakiness?: {
                alternations: number;
                flaky_runs: number;
                runs: number;
                score: number;
              };
              fuzzy_match: boolean;
              has_source_recording: boolean;
              id: number;
              is_reusable: boolean;
              /** @enum {string} */
              mode: "ai" | "recorded";
              name: string;
              public_id: string;
              quarantine: ({
                /**
                 * @description ISO 8601 date-time (UTC) without a zone designator
                 * @example 2026-11-22T04:19:17.123
                 */
                quarantined_at: string;
                quarantined_by_user_id: number | null;
                reason: string;
              }) | null;
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
  "/api/v1/tests/suites/{suite_id}/export-maestro": {
    /** Export a suite's Maestro flows as a .zip Maestro runs */
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
  "/api/v1/tests/suites/import-maestro": {
    /** Import Maestro flows (multipart field `file`: one flow .yaml, or a flows folder as .zip), as a new suite or into `suite_id` */
    post: {
      parameters: {
        query?: {
          app_id?: string;
          /** @description Re-import into this suite: the flows replace its Maestro cases (a flow at the same path keeps its case, runs and baselines); 404 if it is not the organization's */
          suite_id?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @description Cases created for flows the suite did not have */
              added: number;
              case_count: number;
              name: string;
              public_id: string;
              /** @description Maestro cases whose file is gone from the upload, deleted */
              removed: number;
              /** @description Cases of flows at the same path, updated in place */
              updated: number;
              warnings: string[];
            };
          };
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
  "/api/v1/usage/dashboard": {
    /** This month's usage against the plan's limits */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              active_sessions: {
                current: number;
                limit: number | null;
                /** @enum {string} */
                unit: "sessions";
              };
              ai_cost_micro: number;
              ai_credit_platform: {
                current: number;
                limit: number | null;
                /** @enum {string} */
                unit: "USD";
              };
              ai_runs: number;
              ai_tokens_byok: {
                current: number;
                limit: number | null;
                /** @enum {string} */
                unit: "tokens";
              };
              by_model: {
                  cost_micro: number;
                  model: string;
                  runs: number;
                }[];
              byok_cost_micro: number;
              byok_runs: number;
              monthly_sessions: number;
              /**
               * @description additive
               * @example 2026-11-22T04:19:17.123
               */
              period_end: string;
              /**
               * @description additive: start of the month the figures cover
               * @example 2026-11-22T04:19:17.123
               */
              period_start: string;
              plan_id: string;
              plan_name: string;
              /** @description additive: what the organization stores now (app packages, visual baselines, run screenshots) against its storage quota (null: none) */
              storage: {
                current: number;
                limit: number | null;
                /** @enum {string} */
                unit: "MB";
              };
              streaming_minutes: {
                current: number;
                limit: number | null;
                /** @enum {string} */
                unit: "minutes";
              };
              streaming_overage_micro: number;
              streaming_overage_minutes: number;
            };
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
