{{/* The release's name for the portal's objects, as Ory's charts name theirs. */}}
{{- define "account-portal.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "account-portal.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "account-portal.selectorLabels" -}}
app.kubernetes.io/name: {{ include "account-portal.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "account-portal.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "account-portal.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "account-portal.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "account-portal.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "account-portal.secretName" -}}
{{- default (include "account-portal.fullname" .) .Values.secret.existingSecret }}
{{- end }}

{{/*
A NetworkPolicyPeer: the pods of podSelector in one namespace, named (the release's when empty), so that a
pod of the same labels in another namespace never matches. Takes (dict "peer" … "root" $).
*/}}
{{- define "account-portal.peer" -}}
- podSelector:
    {{- toYaml .peer.podSelector | nindent 4 }}
  namespaceSelector:
    matchLabels:
      kubernetes.io/metadata.name: {{ .peer.namespace | default .root.Release.Namespace | quote }}
{{- end }}

{{/*
The variables the pods' Secret holds: those of secret.values that are set, or with an existing Secret the
ones its owner lists in secret.existingSecretKeys. Prints them as a comma-separated list; test with
`has "NAME" (splitList "," …)`.
*/}}
{{- define "account-portal.secretKeys" -}}
{{- if .Values.secret.existingSecret }}
{{- join "," .Values.secret.existingSecretKeys }}
{{- else }}
{{- $keys := list "DEVICE_COOKIE_SECRET" "ALTCHA_HMAC_KEY" }}
{{- $values := .Values.secret.values }}
{{- range $key, $variable := dict "redisUrl" "RATE_LIMIT_REDIS_URL" "hookSecret" "KRATOS_HOOK_SECRET" "smtpUri" "SMTP_URI" "stateRedisUrl" "PORTAL_REDIS_URL" }}
{{- if index $values $key }}
{{- $keys = append $keys $variable }}
{{- end }}
{{- end }}
{{- join "," $keys }}
{{- end }}
{{- end }}

{{/*
The SMTP server's port for the NetworkPolicy: the one in secret.values.smtpUri (smtps:// without one: 465,
smtp://: 587, as the portal's mailer), or networkPolicy.smtp.port, which must agree with it; with an existing
Secret, whose URI the chart cannot read, networkPolicy.smtp.port.
*/}}
{{- define "account-portal.smtpPort" -}}
{{- $given := toString (.Values.networkPolicy.smtp.port | default "") }}
{{- $fromUri := "" }}
{{- if not .Values.secret.existingSecret }}
{{- with .Values.secret.values.smtpUri }}
{{- $url := urlParse . }}
{{- $fromUri = trimPrefix ":" (regexFind ":[0-9]+$" $url.host) | default (eq $url.scheme "smtps" | ternary "465" "587") }}
{{- end }}
{{- end }}
{{- if and $given $fromUri (ne $given $fromUri) }}
{{- fail (printf "networkPolicy.smtp.port %s is not the port of secret.values.smtpUri (%s): the portal's mail would be blocked. Leave networkPolicy.smtp.port empty to take the URI's." $given $fromUri) }}
{{- end }}
{{- $port := $given | default $fromUri }}
{{- if not $port }}
{{- fail "networkPolicy.smtp.port is required with secret.existingSecret: the port of your Secret's SMTP_URI (465 for smtps://, 587 for smtp://), which the chart cannot read" }}
{{- end }}
{{- $port }}
{{- end }}

{{/*
The OpenTelemetry collector the portal sends its traces to: config.otlpEndpoint, or an OTEL_EXPORTER_OTLP_ENDPOINT
of config.extraEnv (the chart's way before otlpEndpoint); empty without traces.
*/}}
{{- define "account-portal.otlpEndpoint" -}}
{{- $endpoint := .Values.config.otlpEndpoint }}
{{- range .Values.config.extraEnv }}
{{- if and (eq .name "OTEL_EXPORTER_OTLP_ENDPOINT") .value }}
{{- if and $endpoint (ne $endpoint .value) }}
{{- fail "config.otlpEndpoint and an OTEL_EXPORTER_OTLP_ENDPOINT in config.extraEnv name different collectors: set config.otlpEndpoint only" }}
{{- end }}
{{- $endpoint = .value }}
{{- end }}
{{- end }}
{{- $endpoint }}
{{- end }}

{{/*
The collector's port for the NetworkPolicy: networkPolicy.otlp.port (the pods' port, when the Service's differs),
else the endpoint's, else its scheme's (443 for https, 80 for http). Takes the endpoint.
*/}}
{{- define "account-portal.otlpPort" -}}
{{- $url := urlParse .endpoint }}
{{- if not (has $url.scheme (list "http" "https")) }}
{{- fail (printf "the OTLP endpoint %s must be an http:// or https:// URL (OTLP over HTTP)" .endpoint) }}
{{- end }}
{{- .port | default (trimPrefix ":" (regexFind ":[0-9]+$" $url.host)) | default (eq $url.scheme "https" | ternary "443" "80") }}
{{- end }}

{{/* The most portals that may run at once. */}}
{{- define "account-portal.maxReplicas" -}}
{{- if .Values.autoscaling.enabled }}{{ .Values.autoscaling.maxReplicas | int }}{{ else }}{{ .Values.replicaCount | int }}{{ end }}
{{- end }}

{{/* Settings the chart refuses, each with what to do instead. Included by the Deployment. */}}
{{- define "account-portal.checks" -}}
{{- if not .Values.image.repository }}
{{- fail "image.repository is required: the portal's image is not published, build it from the repository's Dockerfile and push it to a registry your cluster pulls from (docker build -t registry.example.org/account-portal:0.1.0 . && docker push registry.example.org/account-portal:0.1.0), then set image.repository=registry.example.org/account-portal (with-ory: account-portal.image.repository) and image.tag" }}
{{- end }}
{{- $keys := splitList "," (include "account-portal.secretKeys" .) }}
{{- if and (gt (int (include "account-portal.maxReplicas" .)) 1) (not (has "PORTAL_REDIS_URL" $keys)) }}
{{- fail "more than one portal (replicaCount or autoscaling.maxReplicas above 1) needs a shared state store: set secret.values.stateRedisUrl (PORTAL_REDIS_URL, a Redis with persistence), or list PORTAL_REDIS_URL in secret.existingSecretKeys. Each portal would otherwise keep its own mail outbox, activity and known devices in a file of its pod." }}
{{- end }}
{{- with .Values.secret.values.hookSecret }}
{{- if or (lt (len .) 32) (regexMatch "\\s" .) }}
{{- fail "secret.values.hookSecret must be 32 or more characters without spaces (openssl rand -hex 32)" }}
{{- end }}
{{- end }}
{{- if and .Values.networkPolicy.enabled (has "SMTP_URI" $keys) (not .Values.networkPolicy.smtp.cidr) }}
{{- fail "networkPolicy.smtp.cidr is required when the portal sends mail (SMTP_URI): the address range of your SMTP server, e.g. 192.0.2.25/32 (and networkPolicy.smtp.port)." }}
{{- end }}
{{- end }}
